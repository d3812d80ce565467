import type { CheckedFile } from './rule.js';
import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import type { GroupDeclaration, HandlerDeclaration } from './declarations.js';
import { scalarField, setField } from './field-value.js';
import type { HandlerRecord } from '../kit/handler-record.js';
import { pluginEnvironment, substitutePluginVariables } from './plugin-variables.js';
import { resolveTimeout } from './resolve-timeout.js';
import type { SourceNode } from './source-tree.js';
import { withUniqueIds } from './unique-ids.js';

/** Where a handler record is normalised from: its file, matcher group and declaration (the parsed node). */
export interface HandlerOrigin {
  readonly file: ConfigFile;
  readonly group: GroupDeclaration;
  readonly handler: HandlerDeclaration;
}

/**
 * A dialect's step after the shared one, for what its agent does beyond the spec's common fields:
 * it gets the record built from them (`command` is `''` when the declaration has none: an http
 * handler's `url`, a prompt's `prompt`) and the declaration it came from, and returns the record
 * with its own fields attached (`name`, `env`, `dedup`, `launch`, a type, an id or a timeout of its
 * own), or null to leave the declaration out. Ids are made unique after it, across the load.
 */
export type ExtendHandler = (record: HandlerRecord, origin: HandlerOrigin) => HandlerRecord | null;

/**
 * Turns the declarations of checked files into handler records, in file and declaration order,
 * with ids unique across them all (withUniqueIds). A declaration the rules invalidated (or that
 * sits inside an invalidated file, event list or group) is skipped: the finding that invalidated
 * it is how the user hears about it. Without `extend`, a declaration without a `command` is left out.
 */
export function normalizeHandlers(
  checked: readonly CheckedFile[],
  spec: DialectConfigSpec,
  invalidated: ReadonlySet<SourceNode>,
  extend?: ExtendHandler,
): HandlerRecord[] {
  const records: HandlerRecord[] = [];
  for (const { file, declarations } of checked) {
    if (file.parsed.root === null || invalidated.has(file.parsed.root)) continue;
    // A config file's `hooks` table can be refused as a whole (the agent ignores every hook in it).
    if (declarations.hooks !== undefined && invalidated.has(declarations.hooks.value)) continue;
    for (const event of declarations.events) {
      if (event.spec === null || invalidated.has(event.value)) continue;
      for (const group of event.groups) {
        if (invalidated.has(group.node) || group.compiled?.ok !== true) continue;
        for (const handler of group.handlers) {
          if (invalidated.has(handler.node)) continue;
          const record = toRecord(spec, file, group, handler, extend !== undefined);
          const extended = record === null || extend === undefined ? record : extend(record, { file, group, handler });
          if (extended !== null) records.push(extended);
        }
      }
    }
  }
  return withUniqueIds(records);
}

function toRecord(
  spec: DialectConfigSpec,
  file: CheckedFile['file'],
  group: GroupDeclaration,
  handler: HandlerDeclaration,
  extended: boolean,
): HandlerRecord | null {
  // Only fields the dialect defines count; others were reported by unknown-key and are ignored.
  const field = <T extends 'string' | 'boolean' | 'number'>(key: string, type: T) =>
    key in spec.handlerFields ? scalarField(handler.node, key, type) : undefined;
  const command = field('command', 'string') ?? (extended ? '' : undefined);
  if (command === undefined || group.compiled?.ok !== true) return null;
  const explicitId = field('id', 'string');
  const isEnv = file.role === 'env';
  const onFailure = field('onFailure', 'string');
  const contextLimit = field('additionalContextLimit', 'number');
  const substituted = substitutePluginVariables(command, file.plugin);
  const event = group.event.name;
  const positional = spec.handlerId?.(file, event, group.index, handler.index) ?? `${file.source}:${event}:${group.index}:${handler.index}`;
  // An event that allows no async hooks runs them synchronously; where that is an error the handler never gets here.
  const asyncAllowed = group.event.spec?.asyncAllowed !== false;
  const declaredAsync = field('async', 'boolean') ?? false;
  return {
    dialect: spec.dialect,
    // Made unique across the load afterwards (withUniqueIds).
    id: explicitId ?? positional,
    explicitId: explicitId !== undefined,
    source: file.source,
    file: isEnv ? null : file.parsed.path,
    line: isEnv ? null : handler.node.pos.line,
    column: isEnv ? null : handler.node.pos.column,
    position: { group: group.index, handler: handler.index },
    event: group.event.name,
    matcher: group.compiled.matcher,
    type: 'command',
    command: substituted,
    // The trust identity is taken of the command as written (discovery.rs hashes before substituting).
    ...(substituted === command ? {} : { declaredCommand: command }),
    timeoutMs: resolveTimeout(spec.timeout, setField(handler.node, 'timeout')?.value, spec.timeout.byEvent?.[event]).ms,
    async: declaredAsync && asyncAllowed,
    ...(declaredAsync && !asyncAllowed ? { declaredAsync: true as const } : {}),
    statusMessage: field('statusMessage', 'string') ?? null,
    onFailure: onFailure === 'abort' ? 'abort' : 'continue',
    // Only events that can emit additional context take a limit (the unknown-key rule reports others).
    ...(contextLimit !== undefined && spec.handlerFields.additionalContextLimit?.events?.has(group.event.name)
      ? { additionalContextLimit: contextLimit }
      : {}),
    env: pluginEnvironment(file.plugin),
    plugin: file.plugin?.name ?? null,
    ...(file.plugin ? { dataDir: file.plugin.data } : {}),
    // A file the agent reads past (an untrusted codex project) lists its hooks but never runs them.
    ...(file.disabled ? { unrunnable: { reason: file.disabled.reason, error: file.disabled.message } } : {}),
  };
}
