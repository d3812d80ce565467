import { analyseFiles } from '../../config/analyse-files.js';
import { scalarField, setField } from '../../config/field-value.js';
import { type ExtendHandler, normalizeHandlers } from '../../config/normalize-handlers.js';
import type { SourceObject } from '../../config/source-tree.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { resolve } from 'node:path';
import { geminiWatchPaths } from './config-layers.js';
import { configSpec } from './config-spec.js';
import { folderTrust } from './folder-trust.js';
import { type ExtensionState, extensionStates } from './extension-enablement.js';
import { redactedVariables } from './hook-env.js';
import { type GeminiHookSettings, geminiHookSettings } from './hook-settings.js';
import { geminiPaths } from './paths.js';
import { customPlansDir } from './plans-dir.js';

/**
 * Loads every Gemini CLI layer under its runtime policy (hookRegistry.ts): a definition or hook it
 * cannot use is skipped and the rest run; `hooksConfig.enabled: false` runs no hook at all;
 * `hooksConfig.disabled` names hooks that do not run. In a folder that is not trusted the workspace
 * settings are not read at all (their switches count for nothing); whether settings hooks run there
 * is the trust authority's decision (trust.ts), so lint and list still show them.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const files = await configSpec.discover(context);
  const analysis = analyseFiles(files, configSpec, (await import('../../lint/rules/load-rules.js')).LOAD_RULES, context.cwd);
  const trustOff = geminiHookSettings(files, false).folderTrustOff;
  const trusted = context.workspaceTrust === 'assume' || (await folderTrust(context, trustOff)).trusted;
  const settings = geminiHookSettings(files, trusted);
  const extensions = extensionStates(
    geminiPaths(context).extensionsDir,
    files.flatMap((file) => (file.plugin ? [file.plugin.root] : [])),
    resolve(context.cwd),
  );
  const environment = hookEnvironment(settings, context);
  const records = normalizeHandlers(
    analysis.checked,
    configSpec,
    analysis.invalidated,
    geminiExtension({ settings, extensions, environment }, context),
  );
  const off = settings.off;
  return {
    enabled: off === null,
    switchedOff:
      off === null ? null : { scope: 'all', file: off.file.parsed.path, line: off.entry.keyPos.line, column: off.entry.keyPos.column },
    managedOnly: false,
    handlers: off === null ? records : [],
    files: files.map((file) => file.parsed.path),
    watchPaths: [...new Set([...files.map((file) => file.parsed.path), ...geminiWatchPaths(context)])],
    findings: analysis.findings,
  };
}

/**
 * A record as Gemini CLI runs it (normalisation extension): its `name`; run with `bash -c`
 * (shell-utils.ts); the hook's own `env` only (no plugin variables); an extension's
 * `${extensionPath}`-style variables substituted; deduplicated by `name:command` across the event
 * (hookPlanner.ts deduplicateHooks); `sequential` from its definition; skipped when
 * `hooksConfig.disabled` names it (hookRegistry.ts getHookName: the name, else the command).
 */
function geminiExtension(load: GeminiLoad, context: LoadContext): ExtendHandler {
  const { settings, extensions, environment } = load;
  return (record, origin) => {
    if (record.command === '') return null;
    const name = scalarField(origin.handler.node, 'name', 'string');
    const sequential = scalarField(origin.group.node, 'sequential', 'boolean') === true;
    const written = record.declaredCommand ?? record.command;
    const command = origin.file.plugin ? hydrate(written, origin.file.plugin.root, context.cwd) : written;
    const switchName = name || command;
    const extension = origin.file.plugin ? extensions.get(origin.file.plugin.root) : undefined;
    const off = record.unrunnable ? null : extension?.enabled === false ? extension.detail : switchedOff(settings, switchName);
    const { declaredCommand: _declared, ...common } = record;
    return {
      ...common,
      command,
      ...(command === written ? {} : { declaredCommand: written }),
      ...(name === undefined ? {} : { name }),
      launch: { kind: 'process', argv: ['bash', '-c', command] },
      env: { ...environment, ...stringRecord(origin.handler.node) },
      dedup: { scope: 'gemini', key: `${name ?? ''}:${command}` },
      ...(sequential ? { sequential: true } : {}),
      ...(off === null ? {} : { unrunnable: { reason: 'disabled', error: off } }),
    };
  };
}

interface GeminiLoad {
  settings: GeminiHookSettings;
  extensions: ReadonlyMap<string, ExtensionState>;
  /** What every hook's environment differs by from the agent's: redactions and a custom plans dir. */
  environment: Readonly<Record<string, string | undefined>>;
}

function switchedOff(settings: GeminiHookSettings, switchName: string): string | null {
  return settings.disabled.has(switchName) ? `hooksConfig.disabled lists "${switchName}"` : null;
}

/**
 * hookRunner.ts executeCommandHook starts each hook from the sanitised agent environment
 * (services/environmentSanitization.ts), then sets its own variables; those that depend on the
 * dispatch are the protocol's (protocol.ts prepareDispatch), a custom plans directory is the load's.
 */
function hookEnvironment(settings: GeminiHookSettings, context: LoadContext): Record<string, string | undefined> {
  const removed = redactedVariables(context.env, settings.redaction);
  if (settings.plansDirectory === null) return removed;
  const custom = customPlansDir(resolve(context.cwd), settings.plansDirectory);
  return custom === null ? removed : { ...removed, GEMINI_PLANS_DIR: custom };
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
  for (const entry of value.entries)
    if (entry.value.kind === 'scalar' && typeof entry.value.value === 'string') env[entry.key] = entry.value.value;
  return env;
}
