import type { ConfigFile } from '../../config/config-file.js';
import { mergedListSources } from '../../config/merged-list.js';
import type { HandlerRecord, ListedSetting, LoadContext, LoadedConfig } from '../../kit/index.js';
import { declaredLoader } from '../../load/load-declared.js';
import { settingsFiles } from './config-layers.js';
import { configSpec } from './config-spec.js';
import { claudeHandlerExtension } from './normalize.js';
export { refreshCachedConfig } from './normalize.js';
import { frontmatterWords } from './frontmatter.js';
import { enabledPlugins, hookSwitches, mergedList, type HookSwitches } from './settings.js';
import { withManagedRefusals } from './managed-policy.js';

/**
 * Loads every claude layer (config-layers.ts) under Claude Code's runtime policy (SPEC-dialects
 * 8.1), through the declared pipeline: a file that is not valid JSON contributes nothing; a value
 * the schema rejects costs what Claude's granularity says (rejection.ts: the handler or matcher
 * group alone, the event, or the whole file, its switches too; managed files drop only the bad
 * entries, as Claude repairs managed policy entry by entry); an unknown event drops only its own
 * entry; unknown handler keys are ignored; managed `disableAllHooks: true` turns every hook off
 * (the spec's policy). Every drop, every plugin that cannot be loaded and every switch that keeps
 * hooks from running is a finding of a load rule (`invalid-value`, `empty-command`,
 * `plugin-discovery`, `hooks-switch`), so lint, list, dry-run and the outcome warnings say the same.
 * The HTTP allow-lists shape each record (normalize.ts); the switches that decide hook by hook, and
 * skill and subagent hooks (listed, never dispatched), are its `finish`.
 */
export const loadConfig: (context: LoadContext) => Promise<LoadedConfig> = declaredLoader({
  spec: configSpec,
  // A file Claude skips whole (rejection.ts: a setting of the wrong type, a guard it cannot load) applies none of its settings.
  extend: (_files, context, applied) => {
    const settings = settingsFiles(applied);
    const policy = {
      allowedHttpHookUrls: mergedList(settings, 'allowedHttpHookUrls'),
      httpHookAllowedEnvVars: mergedList(settings, 'httpHookAllowedEnvVars'),
    };
    return claudeHandlerExtension(policy, context);
  },
  finish: (config, { files, applied }) => {
    const settings = settingsFiles(applied);
    const skipped = new Set(
      settingsFiles(files)
        .filter((file) => !applied.includes(file))
        .map((file) => file.parsed.path),
    );
    const scoped = new Map(files.flatMap((file) => (file.activeWhile ? [[file.parsed.path, file.activeWhile] as const] : [])));
    const switches = hookSwitches(settings);
    // Plugins managed settings enable: a non-managed `disableAllHooks` and `allowManagedHooksOnly` leave them running.
    const forced = enabledPlugins(settingsFiles(files)).forced;
    // The policy decided a managed `disableAllHooks: true`; anywhere else it turns off the non-managed hooks.
    const off = config.switchedOff === null ? switches.nonManagedOff : null;
    return {
      ...config,
      // The same question `[features] hooks = false` answers elsewhere: which hooks a switch turned off, and where.
      switchedOff:
        off === null
          ? config.switchedOff
          : { scope: 'non-managed', file: off.file.parsed.path, line: off.entry.keyPos.line, column: off.entry.keyPos.column },
      handlers: config.handlers.filter((record) => !isScoped(record, scoped)).map((record) => applySwitches(record, switches, forced)),
      listedOnly: config.handlers.filter((record) => isScoped(record, scoped)).map((record) => listedOnly(record, scoped)),
      // Manifests are listed only to carry discovery's notices: they are watched, not loaded config.
      // Frontmatter files neither: a change to them changes nothing that is dispatched.
      files: files.filter((file) => file.role !== 'plugin-manifest' && !file.activeWhile).map((file) => file.parsed.path),
      // A switch in a file Claude skips is in force nowhere: its `hooks-switch` note would say otherwise.
      // A managed file Claude cannot start with stops the load (managed-policy.ts).
      findings: withManagedRefusals(config.findings.filter((finding) => finding.ruleId !== 'hooks-switch' || !skipped.has(finding.file))),
      settings: listedSettings(settings),
    };
  },
});

type Scopes = ReadonlyMap<string, NonNullable<ConfigFile['activeWhile']>>;

const isScoped = (record: HandlerRecord, scoped: Scopes) => record.file !== null && scoped.has(record.file);

/**
 * `httpHookAllowedEnvVars` as Claude Code applies it: every layer's list merged, so a project list
 * widens a managed one (docs/security.md); shown by `list` with the files that named each variable.
 */
function listedSettings(settings: readonly ConfigFile[]): ListedSetting[] {
  const sources = mergedListSources(settings, 'httpHookAllowedEnvVars');
  if (sources === null) return [];
  return [
    {
      key: 'httpHookAllowedEnvVars',
      merge: 'lists merge across settings files',
      meaning: 'environment variables HTTP hook headers may interpolate',
      values: [...sources].map(([value, listing]) => ({ value, files: listing.map((file) => file.parsed.path) })),
    },
  ];
}

/** The switches' verdict on one handler, as a load-time skip reason with the switch named (8.1). */
function applySwitches(record: HandlerRecord, switches: HookSwitches, forced: ReadonlySet<string>): HandlerRecord {
  if (record.source === 'managed' || record.unrunnable) return record;
  const forcedPlugin = record.plugin !== null && forced.has(record.plugin);
  if (switches.managedOnly && !forcedPlugin) {
    return {
      ...record,
      unrunnable: { reason: 'managed-only', error: `allowManagedHooksOnly is set in ${switches.managedOnly.file.parsed.path}` },
    };
  }
  if (switches.pluginOnly && (record.source === 'user' || record.source === 'project' || record.source === 'local')) {
    return {
      ...record,
      unrunnable: { reason: 'managed-only', error: `strictPluginOnlyCustomization locks hooks in ${switches.pluginOnly.file.parsed.path}` },
    };
  }
  if (switches.nonManagedOff && !forcedPlugin) {
    return {
      ...record,
      unrunnable: { reason: 'disabled', error: `disableAllHooks is true in ${switches.nonManagedOff.file.parsed.path}` },
    };
  }
  return record;
}

/**
 * A skill's or subagent's hook as listed: never dispatched (SPEC-dialects 8.1 [choice]), saying
 * whose it is; a subagent's `Stop` hook is listed as the `SubagentStop` Claude Code converts it to
 * (cc hooks §Hooks in skills and agents).
 */
function listedOnly(record: HandlerRecord, scoped: Scopes): HandlerRecord {
  const { component, name } = scoped.get(record.file!)!;
  const event = component === 'subagent' && record.event === 'Stop' ? 'SubagentStop' : record.event;
  const error = frontmatterWords(component === 'skill' ? 'skill' : 'subagent', name);
  return { ...record, event, unrunnable: { reason: 'not-runnable', error } };
}
