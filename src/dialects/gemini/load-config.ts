import { analyseFiles } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import { scalarField, setField } from '../../config/field-value.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import type { SourceObject } from '../../config/source-tree.js';
import type { HandlerRecord, LoadContext, LoadedConfig } from '../../kit/index.js';
import type { CheckedFile } from '../../lint/rule.js';
import { LOAD_RULES } from '../../lint/rules/load-rules.js';
import { geminiWatchPaths } from './config-layers.js';
import { configSpec } from './config-spec.js';
import { folderTrust } from './folder-trust.js';
import { type GeminiHookSettings, geminiHookSettings } from './hook-settings.js';
import { GEMINI_HOOK, type GeminiHook } from './gemini-hook.js';

/**
 * Loads every Gemini CLI layer under its runtime policy (hookRegistry.ts): a definition or hook it
 * cannot use is skipped and the rest run; `hooksConfig.enabled: false` runs no hook at all;
 * `hooksConfig.disabled` names hooks that do not run. In a folder that is not trusted the workspace
 * settings are not read at all (their switches count for nothing); whether settings hooks run there
 * is the trust authority's decision (trust.ts), so lint and list still show them.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const files = await configSpec.discover(context);
  const analysis = analyseFiles(files, configSpec, LOAD_RULES, context.cwd);
  const trustOff = geminiHookSettings(files, false).folderTrustOff;
  const trusted = context.workspaceTrust === 'assume' || (await folderTrust(context, trustOff)).trusted;
  const settings = geminiHookSettings(files, trusted);
  const nodes = handlerNodes(analysis.checked);
  const records = normalizeHandlers(analysis.checked, configSpec, analysis.invalidated).map((record) =>
    geminiRecord(record, nodes, settings, context),
  );
  const off = settings.off;
  return {
    enabled: off === null,
    switchedOff: off === null ? null : { scope: 'all', file: off.file.parsed.path, line: off.entry.keyPos.line, column: off.entry.keyPos.column },
    managedOnly: false,
    handlers: off === null ? records : [],
    files: files.map((file) => file.parsed.path),
    watchPaths: [...new Set([...files.map((file) => file.parsed.path), ...geminiWatchPaths(context)])],
    findings: analysis.findings,
  };
}

interface Declared {
  file: ConfigFile;
  group: SourceObject;
  handler: SourceObject;
}

/** Each handler's declaration by file, event and position, for the fields core normalisation does not carry. */
function handlerNodes(checked: readonly CheckedFile[]): Map<string, Declared> {
  const nodes = new Map<string, Declared>();
  for (const { file, declarations } of checked) {
    for (const event of declarations.events) {
      for (const group of event.groups) {
        for (const handler of group.handlers) {
          nodes.set(key(file.parsed.path, event.name, group.index, handler.index), { file, group: group.node, handler: handler.node });
        }
      }
    }
  }
  return nodes;
}

function key(file: string | null, event: string, group: number, handler: number): string {
  return JSON.stringify([file, event, group, handler]);
}

/**
 * A record as Gemini CLI runs it: the hook's own `env` only (no plugin variables), an extension's
 * `${extensionPath}`-style variables substituted, deduplicated by `name:command` across the event
 * (hookPlanner.ts deduplicateHooks), skipped when `hooksConfig.disabled` names it.
 */
function geminiRecord(record: HandlerRecord, nodes: ReadonlyMap<string, Declared>, settings: GeminiHookSettings, context: LoadContext): GeminiHook {
  const declared = nodes.get(key(record.file, record.event, record.position.group, record.position.handler));
  const name = declared ? scalarField(declared.handler, 'name', 'string') : undefined;
  const sequential = declared ? scalarField(declared.group, 'sequential', 'boolean') === true : false;
  const written = record.declaredCommand ?? record.command;
  const command = declared?.file.plugin ? hydrate(written, declared.file.plugin.root, context.cwd) : written;
  const env = declared ? stringRecord(declared.handler) : {};
  // hookRegistry.ts getHookName: the name, else the command.
  const switchName = name || command;
  const disabled = settings.disabled.has(switchName);
  const { declaredCommand: _declared, ...common } = record;
  return {
    ...common,
    command,
    ...(command === written ? {} : { declaredCommand: written }),
    // shell-utils.ts getShellConfiguration: `bash -c` on every POSIX system.
    launch: { kind: 'process', argv: ['bash', '-c', command] },
    env,
    dedup: { scope: 'gemini', key: `${name ?? ''}:${command}` },
    ...(disabled && !record.unrunnable ? { unrunnable: { reason: 'disabled', error: `hooksConfig.disabled lists "${switchName}"` } } : {}),
    [GEMINI_HOOK]: { name: name ?? null, sequential },
  };
}

/** extension-manager.ts hydrates `${extensionPath}`, `${workspacePath}`, `${/}` and `${pathSeparator}`; others stay. */
function hydrate(command: string, root: string, workspace: string): string {
  const values: Record<string, string> = { extensionPath: root, workspacePath: workspace, '/': '/', pathSeparator: '/' };
  return command.replace(/\$\{(.*?)\}/g, (match, name: string) => values[name] ?? match);
}

function stringRecord(handler: SourceObject): Record<string, string> {
  const value = setField(handler, 'env')?.value;
  if (value?.kind !== 'object') return {};
  const env: Record<string, string> = {};
  for (const entry of value.entries) if (entry.value.kind === 'scalar' && typeof entry.value.value === 'string') env[entry.key] = entry.value.value;
  return env;
}
