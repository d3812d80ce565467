import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSpec } from '../../src/dialects/codex/config-spec.js';
import { CONTEXT_LIMIT_EVENTS } from '../../src/dialects/codex/events.js';
import { manifest } from '../../src/dialects/codex/manifest.js';
import { snakeCaseEvent } from '../../src/trust/hash.js';

/**
 * test/dialects/codex-agent-facts.json is what the pinned Codex says about its hooks (scripts/codex-facts.mjs
 * reads its embedded hook schemas and its app-server hooks/list). This test holds schema/codex/ and
 * the codex dialect to it, naming every difference, so a Codex bump shows what changed in hooks.
 */
const REPO = resolve(import.meta.dirname, '../..');
const FACTS_FILE = join(REPO, 'test', 'dialects', 'codex-agent-facts.json');

interface EventFacts {
  key: string;
  listedAs: string;
  matcher: boolean;
  defaultTimeoutSec: number;
  maxTimeoutSec: number | null;
  additionalContextLimit: boolean;
  input: { required: string[]; properties: string[]; values: Record<string, string[]> } | null;
  output: { properties: string[]; hookSpecificOutput: string[] | null } | null;
}

interface Facts {
  agent: string;
  version: string;
  listingOrder: string[];
  events: Record<string, EventFacts>;
}

interface JsonSchema {
  required?: string[];
  properties?: Record<string, JsonSchema>;
  enum?: unknown[];
  const?: unknown;
}

/** The values a property of ours may take, when closed. */
const closedValues = (node: JsonSchema | undefined): string[] | null =>
  node?.enum !== undefined ? node.enum.map(String).sort() : node?.const !== undefined ? [String(node.const)] : null;

const facts = JSON.parse(readFileSync(FACTS_FILE, 'utf8')) as Facts;
const pinned = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
  .devDependencies['@openai/codex'];

const kebab = (event: string) => event.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();

function schemaOf(event: string, kind: 'input' | 'output'): JsonSchema | null {
  const path = join(REPO, 'schema', 'codex', 'events', `${kebab(event)}.${kind}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as JsonSchema) : null;
}

const missing = (from: readonly string[], inside: readonly string[]) => from.filter((name) => !inside.includes(name));

/** Every way the codex dialect and schema/codex/ differ from what Codex says of one event. */
function differences(event: string, codex: EventFacts): string[] {
  const found: string[] = [];
  const spec = manifest.events.find((candidate) => candidate.name === event);
  if (spec === undefined) return [`${event}: Codex ${facts.version} lists it; the codex dialect has no such event`];
  if (snakeCaseEvent(event) !== codex.key) found.push(`${event}: trust key names it ${codex.key}, hookctl ${snakeCaseEvent(event)}`);
  if ((spec.matcherField !== null) !== codex.matcher) {
    found.push(
      `${event}: Codex ${codex.matcher ? 'keeps' : 'drops'} its matcher; hookctl ${spec.matcherField === null ? 'drops' : 'keeps'} it`,
    );
  }
  const timeouts = configSpec.timeout.byEvent?.[event];
  const defaultSec = timeouts === undefined ? 600 : timeouts.defaultMs / 1000;
  const maxSec = timeouts === undefined ? null : timeouts.maxMs / 1000;
  if (defaultSec !== codex.defaultTimeoutSec)
    found.push(`${event}: default timeout ${codex.defaultTimeoutSec}s in Codex, ${defaultSec}s in hookctl`);
  if (maxSec !== codex.maxTimeoutSec)
    found.push(`${event}: largest timeout ${codex.maxTimeoutSec ?? 'none'} in Codex, ${maxSec ?? 'none'} in hookctl`);
  if (CONTEXT_LIMIT_EVENTS.has(event) !== codex.additionalContextLimit) {
    found.push(`${event}: additionalContextLimit is ${codex.additionalContextLimit ? 'kept' : 'dropped'} by Codex, not by hookctl`);
  }
  const input = schemaOf(event, 'input');
  if (input === null) found.push(`${event}: schema/codex has no input schema`);
  else if (codex.input !== null) {
    const ours = Object.keys(input.properties ?? {});
    for (const field of missing(codex.input.properties, ours))
      found.push(`${event}: input field ${field} (Codex's schema) is not in schema/codex`);
    for (const field of missing(ours, codex.input.properties)) found.push(`${event}: input field ${field} is not in Codex's schema`);
    for (const [field, values] of Object.entries(codex.input.values)) {
      const own = closedValues(input.properties?.[field]);
      if (own !== null && JSON.stringify(own) !== JSON.stringify(values)) {
        found.push(`${event}: input field ${field} takes ${values.join('|')} in Codex's schema, ${own.join('|')} in schema/codex`);
      }
    }
    for (const field of missing(input.required ?? [], codex.input.required)) {
      found.push(`${event}: schema/codex requires input field ${field}; Codex's schema does not`);
    }
  }
  const output = schemaOf(event, 'output');
  if (codex.output === null && output !== null) found.push(`${event}: Codex has no output schema; schema/codex has one`);
  if (codex.output !== null && output === null) found.push(`${event}: Codex has an output schema; schema/codex has none`);
  if (codex.output !== null && output !== null) {
    const ours = Object.keys(output.properties ?? {});
    for (const field of missing(codex.output.properties, ours))
      found.push(`${event}: output field ${field} (Codex's schema) is not in schema/codex`);
    for (const field of missing(ours, codex.output.properties)) found.push(`${event}: output field ${field} is not in Codex's schema`);
    const specific = Object.keys(output.properties?.hookSpecificOutput?.properties ?? {});
    const theirs = codex.output.hookSpecificOutput ?? [];
    for (const field of missing(theirs, specific))
      found.push(`${event}: hookSpecificOutput.${field} (Codex's schema) is not in schema/codex`);
    for (const field of missing(specific, theirs)) found.push(`${event}: hookSpecificOutput.${field} is not in Codex's schema`);
  }
  return found;
}

describe('the codex dialect and schema/codex/ agree with what the pinned Codex says of its hooks', () => {
  it('the facts are the pinned Codex version (else: npm run build && node scripts/codex-facts.mjs)', () => {
    expect(facts.agent).toBe('@openai/codex');
    expect(facts.version).toBe(pinned);
  });

  it('every event, both ways', () => {
    const ours = manifest.events.map((event) => event.name);
    const problems = [
      ...Object.keys(facts.events)
        .filter((event) => !ours.includes(event))
        .map((event) => `${event}: listed by Codex, unknown to hookctl`),
      ...ours
        .filter((event) => facts.events[event] === undefined)
        .map((event) => `${event}: in hookctl, not listed by Codex ${facts.version}`),
    ];
    expect(problems).toEqual([]);
  });

  it("each event's trust key, matcher, timeouts, context limit, input and output fields", () => {
    const problems = Object.entries(facts.events).flatMap(([event, codex]) => differences(event, codex));
    expect(problems).toEqual([]);
  });

  it("hookctl's listing order is Codex's (the trust keys in hooks/list order)", () => {
    const order = readFileSync(join(REPO, 'src', 'dialects', 'codex', 'load-config.ts'), 'utf8');
    const block = /const EVENT_ORDER = \[([^\]]*)\]/.exec(order)?.[1] ?? '';
    const ours = [...block.matchAll(/'(\w+)'/g)].map((match) => snakeCaseEvent(match[1]!));
    expect(ours).toEqual(facts.listingOrder);
  });
});
