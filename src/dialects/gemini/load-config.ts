import { resolve, sep } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import { scalarField, setField } from '../../config/field-value.js';
import type { ExtendHandler } from '../../config/normalize-handlers.js';
import type { SourceObject } from '../../config/source-tree.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { type Decided, declaredLoader } from '../../load/load-declared.js';
import { configSpec } from './config-spec.js';
import { folderTrust } from './folder-trust.js';
import { extensionStates } from './extension-enablement.js';
import { extensionLocation, extensionRefusal, extensionSettings, readExtensionManifest, readInstallMetadata } from './extensions.js';
import { redactedVariables } from './hook-env.js';
import { type GeminiHookSettings, geminiHookSettings, settingsRead } from './hook-settings.js';
import { geminiPaths } from './paths.js';
import { customPlansDir } from './plans-dir.js';

/**
 * Loads every Gemini CLI layer under its runtime policy (hookRegistry.ts) through the declared
 * pipeline: a definition or hook it cannot use is skipped and the rest run; `hooksConfig.enabled:
 * false` runs no hook at all (config-spec.ts); `hooksConfig.disabled` names hooks that do not run.
 * In a folder that is not trusted the workspace settings are not read at all (their switches count
 * for nothing); whether settings hooks run there is the trust authority's decision (trust.ts), so
 * lint and list still show them.
 */
export const loadConfig: (context: LoadContext) => Promise<LoadedConfig> = declaredLoader({ spec: configSpec, decide });

/**
 * Folder trust (which settings files Gemini reads), then the merged settings and each extension's
 * state: how every record becomes the one Gemini runs, and the files those decisions read (the
 * trust rules, when they decided; each extension's settings files).
 */
async function decide(files: readonly ConfigFile[], context: LoadContext): Promise<Decided> {
  const trustOff = geminiHookSettings(files, false).folderTrustOff;
  const folder = context.workspaceTrust === 'assume' ? null : await folderTrust(context, trustOff);
  const trusted = folder === null || folder.trusted;
  const settings = geminiHookSettings(files, trusted);
  const { loads: extensions, stop } = extensionLoads(files, settings, trusted, context);
  const environment = hookEnvironment(settings, context);
  const rulesRead = folder !== null && (folder.decidedBy === 'rule' || folder.decidedBy === 'none');
  return {
    settings: settingsRead(files, trusted),
    extend: geminiExtension({ settings, extensions, environment, stop }),
    watchPaths: [...(rulesRead ? [folder.file] : []), ...[...extensions.values()].flatMap((extension) => extension.settingsFiles)],
  };
}

/**
 * A record as Gemini CLI runs it (normalisation extension): its `name`; run with `bash -c`
 * (shell-utils.ts); the hook's own `env` (an extension's command hooks: its settings over it); an
 * extension's `${extensionPath}`-style variables and settings substituted; deduplicated by `name:command` across the event
 * (hookPlanner.ts deduplicateHooks); `sequential` from its definition; skipped when
 * `hooksConfig.disabled` names it (hookRegistry.ts getHookName: the name, else the command).
 */
function geminiExtension(load: GeminiLoad): ExtendHandler {
  const { settings, extensions, environment, stop } = load;
  return (record, origin) => {
    if (record.command === '') return null;
    const extension = origin.file.plugin ? extensions.get(origin.file.plugin.data) : undefined;
    // loadExtensionHooks hydrates every string of an extension's hooks: command, name, env values.
    const fill = (text: string) => (extension ? hydrate(text, extension.variables) : text);
    const writtenName = scalarField(origin.handler.node, 'name', 'string');
    const name = writtenName === undefined ? undefined : fill(writtenName);
    const sequential = scalarField(origin.group.node, 'sequential', 'boolean') === true;
    const written = record.declaredCommand ?? record.command;
    const command = fill(written);
    const ownEnv = Object.fromEntries(Object.entries(stringRecord(origin.handler.node)).map(([key, value]) => [key, fill(value)]));
    const switchName = name || command;
    const off = record.unrunnable ? null : (stop ?? extension?.off ?? switchedOff(settings, switchName));
    // Extension settings reach command hooks only (HookType.Command), over the hook's own env.
    const settingsEnv = extension && scalarField(origin.handler.node, 'type', 'string') === 'command' ? extension.env : {};
    const { declaredCommand: _declared, ...common } = record;
    return {
      ...common,
      command,
      ...(command === written ? {} : { declaredCommand: written }),
      ...(name === undefined ? {} : { name }),
      launch: { kind: 'process', argv: ['bash', '-c', command] },
      env: { ...environment, ...ownEnv, ...settingsEnv },
      dedup: { scope: 'gemini', key: `${name ?? ''}:${command}` },
      ...(sequential ? { sequential: true } : {}),
      ...(off === null ? {} : { unrunnable: { reason: 'disabled', error: off } }),
    };
  };
}

interface GeminiLoad {
  settings: GeminiHookSettings;
  /** By install dir. */
  extensions: ReadonlyMap<string, ExtensionLoad>;
  /** What every hook's environment differs by from the agent's: redactions and a custom plans dir. */
  environment: Readonly<Record<string, string | undefined>>;
  /** Set when loading the extensions throws in Gemini (its startup fails): no hook runs. */
  stop: string | null;
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

/** What a hook of one installed extension gets from it, and whether Gemini loads it at all. */
interface ExtensionLoad {
  /** Why its hooks do not run (refused, skipped, disabled for the workspace), else null. */
  off: string | null;
  /** `${name}` values for its hooks' strings. */
  variables: Readonly<Record<string, string>>;
  /** Its settings that Gemini sets in its command hooks' environment. */
  env: Readonly<Record<string, string>>;
  settingsFiles: readonly string[];
}

/**
 * extension-manager.ts _buildExtension for each extension with hooks, in its order: the source
 * checks (allowedExtensions, blockGitExtensions), the manifest (an invalid one skips the
 * extension), its settings, then enablement for the workspace (extension-enablement.ts).
 * `admin.extensions.enabled` is not read: Gemini takes `admin` only from remote admin controls
 * and ignores it in every settings file.
 */
function extensionLoads(
  files: readonly ConfigFile[],
  settings: GeminiHookSettings,
  workspaceTrusted: boolean,
  context: LoadContext,
): { loads: Map<string, ExtensionLoad>; stop: string | null } {
  const workspace = resolve(context.cwd);
  const { extensionsDir } = geminiPaths(context);
  const plugins = [
    ...new Map(
      files.flatMap((file) => (file.plugin && file.role === 'hooks-file' ? [[file.plugin.data, file.plugin] as const] : [])),
    ).values(),
  ];
  const enablement = extensionStates(
    extensionsDir,
    plugins.map((plugin) => plugin.root),
    workspace,
  );
  const loads = new Map<string, ExtensionLoad>();
  let stop: string | null = null;
  const names = new Set<string>();
  for (const plugin of plugins) {
    const installDir = plugin.data;
    const metadata = readInstallMetadata(installDir);
    const location = extensionLocation(installDir, metadata, workspace);
    const written = location.kind === 'bad-link' ? plugin.root : location.written;
    const refusal = extensionRefusal(installDir, metadata, settings.extensionSecurity, workspace);
    if (refusal?.fatal) stop ??= refusal.message;
    const manifest = readExtensionManifest(plugin.root);
    // loadExtensions throws on a second loaded extension of one name (hookctl sees those with hooks).
    if (refusal === null && manifest.ok) {
      if (names.has(manifest.name)) stop ??= `Extension with name ${manifest.name} already was loaded.`;
      names.add(manifest.name);
    }
    const own =
      // A refused extension is read no further by Gemini: no settings files.
      refusal === null && manifest.ok && settings.extensionConfig
        ? extensionSettings(manifest.name, manifest.settings, { extensionsDir, workspace, workspaceTrusted })
        : { variables: {}, env: {}, files: [] };
    const off =
      refusal?.message ??
      (manifest.ok ? null : `Gemini CLI skips the extension: ${manifest.problem}`) ??
      enablement.get(plugin.root)?.detail ??
      null;
    loads.set(installDir, {
      off,
      // hydrationContext: the settings' keys come last and can replace the built-in names.
      variables: { extensionPath: written, workspacePath: workspace, '/': sep, pathSeparator: sep, ...own.variables },
      env: own.env,
      settingsFiles: own.files,
    });
  }
  return { loads, stop: stop === null ? null : `Gemini CLI does not start: ${stop}` };
}

/** hydrateString: `${name}` with a value is replaced, any other stays as written. */
function hydrate(command: string, values: Readonly<Record<string, string>>): string {
  return command.replace(/\$\{(.*?)\}/g, (match, name: string) => (Object.hasOwn(values, name) ? values[name]! : match));
}

function stringRecord(handler: SourceObject): Record<string, string> {
  const value = setField(handler, 'env')?.value;
  if (value?.kind !== 'object') return {};
  const env: Record<string, string> = {};
  for (const entry of value.entries)
    if (entry.value.kind === 'scalar' && typeof entry.value.value === 'string') env[entry.key] = entry.value.value;
  return env;
}
