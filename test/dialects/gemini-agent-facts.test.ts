import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSpec } from '../../src/dialects/gemini/config-spec.js';
import { GEMINI_EVENTS } from '../../src/dialects/gemini/events.js';

/**
 * test/dialects/gemini-agent-facts.json is what the pinned @google/gemini-cli-core says about its hooks
 * (scripts/gemini-facts.mjs reads its compiled hooks code and types). This test holds schema/gemini/ and
 * the gemini dialect's tables to it and names every difference, so a Gemini CLI bump shows what changed
 * in hooks. A difference hookctl keeps on purpose is on ALLOWED, with its reason; an entry that matches
 * nothing any more fails too, so the list cannot rot.
 */
const REPO = resolve(import.meta.dirname, '../..');

interface Facts {
  agent: string;
  version: string;
  events: string[];
  hooksConfigFields: string[];
  handlerTypes: string[];
  handlerRequires: Record<string, string[]>;
  commandHookKeys: string[];
  definitionKeys: string[];
  defaultTimeoutMs: number;
  values: Record<string, string[]>;
  inputs: Record<string, { properties: string[]; required: string[] }>;
  outputs: Record<
    string,
    {
      merge: string;
      outputClass: string;
      fields: string[];
      hookSpecificOutput: string[];
      toolConfig?: string[];
      toolConfigModes?: string[];
    }
  >;
}

interface JsonSchema {
  required?: string[];
  properties?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
}

/** The deliberate differences, each with why hookctl keeps it. `*` matches anything. */
const ALLOWED: readonly { pattern: string; reason: string }[] = [
  {
    pattern: 'hook key source: in Gemini CLI, not in *',
    reason: 'the registry sets `source` on every hook it loads (hookRegistry.ts), so a written value is overwritten',
  },
  {
    pattern: 'handler type plugin: Gemini CLI requires nothing, hookctl requires command',
    reason: 'a plugin hook passes validation and runs as a command hook; without a command it fails, which lint reports first',
  },
  {
    pattern: 'handler type runtime: Gemini CLI requires name, hookctl requires nothing',
    reason: 'runtime hooks are code Gemini CLI registers itself; hookctl reports one in a settings file as unsupported',
  },
  {
    pattern: 'BeforeToolSelection.output: field * is in schema/gemini; Gemini CLI drops it when merging',
    reason: 'the output schemas share their top-level fields; hookctl, merging as Gemini does, reads only toolConfig (merge-outputs.ts)',
  },
  {
    pattern: '*.output: hookSpecificOutput.tailToolCallRequest is read by Gemini CLI, not in schema/gemini',
    reason: "every output class reads it, but only AfterTool's caller asks for a tail call (schema/gemini has it there)",
  },
  {
    pattern: '*.output: hookSpecificOutput.additionalContext is read by Gemini CLI, not in schema/gemini',
    reason: 'every output class can return it; only the AfterTool, BeforeAgent and SessionStart callers add it to the conversation',
  },
  {
    pattern: '*.output: hookSpecificOutput.clearContext is read by Gemini CLI, not in schema/gemini',
    reason: 'the OR-merge keeps it for every event it merges; only AfterAgent acts on it (AfterAgentHookOutput)',
  },
];

const facts = JSON.parse(readFileSync(join(REPO, 'test', 'dialects', 'gemini-agent-facts.json'), 'utf8')) as Facts;
const pinned = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
  .devDependencies['@google/gemini-cli-core'];
const config = JSON.parse(readFileSync(join(REPO, 'schema', 'gemini', 'config.json'), 'utf8')) as JsonSchema;
const kebab = (event: string) => event.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();
const keys = (node: JsonSchema | undefined) => Object.keys(node?.properties ?? {});
const closed = (node: JsonSchema | undefined) =>
  node?.enum !== undefined ? node.enum.map(String).sort() : node?.const !== undefined ? [String(node.const)] : null;
const same = (a: readonly string[], b: readonly string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

function schemaOf(event: string, kind: 'input' | 'output'): JsonSchema | null {
  const path = join(REPO, 'schema', 'gemini', 'events', `${kebab(event)}.${kind}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as JsonSchema) : null;
}

/** `name: in Gemini CLI, not in <where>` and the reverse, for two lists of names. */
function bothWays(what: string, theirs: readonly string[], ours: readonly string[], where: string): string[] {
  return [
    ...theirs.filter((name) => !ours.includes(name)).map((name) => `${what} ${name}: in Gemini CLI, not in ${where}`),
    ...ours.filter((name) => !theirs.includes(name)).map((name) => `${what} ${name}: in ${where}, not in Gemini CLI ${facts.version}`),
  ];
}

function configDifferences(): string[] {
  const found: string[] = [];
  const hook = config.definitions?.hook;
  const definition = config.definitions?.hookDefinition;
  found.push(...bothWays('hook key', facts.commandHookKeys, Object.keys(configSpec.handlerFields), 'the gemini config spec'));
  found.push(...bothWays('hook key', facts.commandHookKeys, keys(hook), 'schema/gemini/config.json'));
  found.push(
    ...bothWays('definition key', facts.definitionKeys, [...Object.keys(configSpec.groupFields ?? {}), 'hooks'], 'the gemini config spec'),
  );
  found.push(...bothWays('definition key', facts.definitionKeys, keys(definition), 'schema/gemini/config.json'));
  const reserved = Object.keys(configSpec.topLevel['inline-config'].hooksKeys ?? {});
  found.push(...bothWays('hooksConfig key', facts.hooksConfigFields, reserved, 'the gemini config spec'));
  found.push(...bothWays('hooksConfig key', facts.hooksConfigFields, keys(config.properties?.hooksConfig), 'schema/gemini/config.json'));
  const typeField = configSpec.handlerFields.type;
  const ourTypes = typeField?.kind === 'enum' ? typeField.values : [];
  found.push(...bothWays('handler type', facts.handlerTypes, ourTypes, 'the gemini config spec'));
  for (const type of facts.handlerTypes) {
    const ours = configSpec.handlerTypes?.required?.[type] ?? [];
    const theirs = facts.handlerRequires[type] ?? [];
    if (!same(ours, theirs)) {
      const say = (list: readonly string[]) => (list.length === 0 ? 'nothing' : list.join(', '));
      found.push(`handler type ${type}: Gemini CLI requires ${say(theirs)}, hookctl requires ${say(ours)}`);
    }
  }
  if (configSpec.timeout.defaultMs !== facts.defaultTimeoutMs) {
    found.push(`default timeout: ${facts.defaultTimeoutMs} ms in Gemini CLI, ${configSpec.timeout.defaultMs} ms in hookctl`);
  }
  return found;
}

/** The closed payload values: each Gemini enum against the event field and the dialect's matcher targets. */
const PAYLOAD_VALUES: readonly { values: string; event: string; field: string }[] = [
  { values: 'SessionStartSource', event: 'SessionStart', field: 'source' },
  { values: 'SessionEndReason', event: 'SessionEnd', field: 'reason' },
  { values: 'PreCompressTrigger', event: 'PreCompress', field: 'trigger' },
  { values: 'NotificationType', event: 'Notification', field: 'notification_type' },
];

function valueDifferences(): string[] {
  const found: string[] = [];
  for (const { values, event, field } of PAYLOAD_VALUES) {
    const theirs = facts.values[values] ?? [];
    const own = closed(schemaOf(event, 'input')?.properties?.[field]);
    if (own === null || !same(own, theirs)) {
      found.push(`${event}.input: ${field} takes ${theirs.join('|')} in Gemini CLI, ${own?.join('|') ?? 'any value'} in schema/gemini`);
    }
    const targets = GEMINI_EVENTS.find((spec) => spec.name === event)?.closedTargets;
    if (targets !== undefined && targets !== null && !same(targets, theirs)) {
      found.push(`${event}: matcher targets ${theirs.join('|')} in Gemini CLI, ${targets.join('|')} in the gemini dialect`);
    }
  }
  return found;
}

function inputDifferences(event: string): string[] {
  const theirs = facts.inputs[event];
  const schema = schemaOf(event, 'input');
  if (theirs === undefined) return [];
  if (schema === null) return [`${event}.input: schema/gemini has no input schema`];
  return [
    ...bothWays(`${event}.input: field`, theirs.properties, keys(schema), 'schema/gemini'),
    ...bothWays(`${event}.input: required field`, theirs.required, schema.required ?? [], 'schema/gemini'),
  ];
}

function outputDifferences(event: string): string[] {
  const theirs = facts.outputs[event];
  const schema = schemaOf(event, 'output');
  if (theirs === undefined) return [];
  if (schema === null) return [`${event}.output: schema/gemini has no output schema`];
  const found: string[] = [];
  const ours = keys(schema);
  for (const field of theirs.fields.filter((name) => !ours.includes(name))) {
    found.push(`${event}.output: field ${field} is read by Gemini CLI, not in schema/gemini`);
  }
  for (const field of ours.filter((name) => !theirs.fields.includes(name))) {
    found.push(`${event}.output: field ${field} is in schema/gemini; Gemini CLI drops it when merging`);
  }
  for (const value of facts.values.HookDecision ?? []) {
    const decisions = closed(schema.properties?.decision);
    if (decisions !== null && !decisions.includes(value)) found.push(`${event}.output: decision ${value} is not in schema/gemini`);
  }
  // hookEventName is never read by Gemini CLI; schema/gemini names it so an output says which event it answers.
  const specific = keys(schema.properties?.hookSpecificOutput).filter((field) => field !== 'hookEventName');
  for (const field of theirs.hookSpecificOutput.filter((name) => !specific.includes(name))) {
    found.push(`${event}.output: hookSpecificOutput.${field} is read by Gemini CLI, not in schema/gemini`);
  }
  for (const field of specific.filter((name) => !theirs.hookSpecificOutput.includes(name))) {
    found.push(`${event}.output: hookSpecificOutput.${field} is in schema/gemini; Gemini CLI never reads it`);
  }
  const toolConfig = schema.properties?.hookSpecificOutput?.properties?.toolConfig;
  if (theirs.toolConfig !== undefined) {
    found.push(...bothWays(`${event}.output: toolConfig field`, theirs.toolConfig, keys(toolConfig), 'schema/gemini'));
    const modes = closed(toolConfig?.properties?.mode) ?? [];
    for (const mode of (theirs.toolConfigModes ?? []).filter((name) => !modes.includes(name))) {
      found.push(`${event}.output: toolConfig.mode ${mode} is read by Gemini CLI, not in schema/gemini`);
    }
  }
  return found;
}

function allDifferences(): string[] {
  const ours = GEMINI_EVENTS.map((event) => event.name as string);
  return [
    ...bothWays('event', facts.events, ours, 'the gemini dialect'),
    ...bothWays('event', facts.events, keys(config.definitions?.hooks), 'schema/gemini/config.json'),
    ...configDifferences(),
    ...valueDifferences(),
    ...facts.events.flatMap((event) => [...inputDifferences(event), ...outputDifferences(event)]),
  ];
}

const matches = (pattern: string, line: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(line);

describe('the gemini dialect and schema/gemini/ agree with what the pinned Gemini CLI says of its hooks', () => {
  const differences = allDifferences();

  it('the facts are the pinned gemini-cli-core (else: node scripts/gemini-facts.mjs)', () => {
    expect(facts.agent).toBe('@google/gemini-cli-core');
    expect(facts.version).toBe(pinned);
  });

  it('the committed facts are what the installed gemini-cli-core says (scripts/gemini-facts.mjs --check)', () => {
    expect(() => execFileSync(process.execPath, [join(REPO, 'scripts', 'gemini-facts.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('every event, hook key, value, input and output field, or a reason on the allow-list', () => {
    const unexplained = differences.filter((line) => !ALLOWED.some((allowed) => matches(allowed.pattern, line)));
    expect(unexplained, `fix schema/gemini/ or the gemini dialect, or allow-list it with a reason:\n${unexplained.join('\n')}`).toEqual([]);
  });

  it('allows only differences that still exist', () => {
    const stale = ALLOWED.filter((allowed) => !differences.some((line) => matches(allowed.pattern, line))).map(
      (allowed) => allowed.pattern,
    );
    expect(stale).toEqual([]);
  });
});
