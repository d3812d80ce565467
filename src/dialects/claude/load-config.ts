import { analyseFiles } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import { mergedListSources } from '../../config/merged-list.js';
import type { HandlerRecord, ListedSetting, LoadContext, LoadedConfig } from '../../kit/index.js';
import { claudeSettingsWatchPaths, discoverSettingsFiles } from './config-layers.js';
import { configSpec } from './config-spec.js';
import { normalizeClaudeHandlers } from './normalize.js';
export { refreshCachedConfig } from './normalize.js';
import { discoverFrontmatterFiles, frontmatterWords } from './frontmatter.js';
import { discoverPlugins, type ClaudePlugin } from './plugins.js';
import { INLINE_SETTINGS_PATH } from './paths.js';
import { withManagedRefusals } from './managed-policy.js';
import { hookSwitches, mergedList, settingsFiles, type HookSwitches } from './settings.js';

/**
 * Loads every claude layer under Claude Code's runtime policy (SPEC-dialects 8.1): a file that is
 * not valid JSON contributes nothing; a value the schema rejects costs what Claude's granularity says
 * (rejection.ts: the handler or matcher group alone, the event, or the whole file, its switches too;
 * managed files drop only the bad entries, as Claude repairs managed policy entry by entry); an
 * unknown event drops only its own entry; unknown handler keys are ignored. Every drop,
 * every plugin that cannot be loaded and every switch that keeps hooks from running is a finding of
 * a load rule (`invalid-value`, `empty-command`, `plugin-discovery`, `hooks-switch`), so lint, list,
 * dry-run and the outcome warnings say the same.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const discovered = await discoverPlugins(await discoverSettingsFiles(context), context);
  const { settings } = discovered;
  // Skill and subagent hooks are listed, never dispatched: a dispatch does not read them (1,000 skills cost `run` 0.8 s).
  const frontmatter = context.dispatchOnly || context.served ? [] : await discoverFrontmatterFiles(context, discovered.plugins);
  const files = [...settings, ...discovered.files, ...frontmatter];
  const analysis = analyseFiles(files, configSpec, (await import('../../lint/rules/load-rules.js')).LOAD_RULES, context.cwd);
  // A file Claude skips whole (rejection.ts: a setting of the wrong type, a guard it cannot load) applies none of its settings.
  // A managed file is never skipped whole: Claude repairs it, or refuses to start (managed-policy.ts).
  const applied = settings.filter(
    (file) => file.source === 'managed' || file.parsed.root === null || !analysis.invalidated.has(file.parsed.root),
  );
  const skipped = new Set(settings.filter((file) => !applied.includes(file)).map((file) => file.parsed.path));
  const switches = hookSwitches(applied);
  const policy = {
    allowedHttpHookUrls: mergedList(applied, 'allowedHttpHookUrls'),
    httpHookAllowedEnvVars: mergedList(applied, 'httpHookAllowedEnvVars'),
  };
  const all = normalizeClaudeHandlers(analysis.checked, analysis.invalidated, policy, context);
  const scoped = new Map(frontmatter.flatMap((file) => (file.activeWhile ? [[file.parsed.path, file.activeWhile] as const] : [])));
  const records = all.filter((record) => record.file === null || !scoped.has(record.file));
  const forced = new Set(discovered.plugins.filter((plugin: ClaudePlugin) => plugin.forced).map((plugin) => plugin.name));
  const off = switches.allOff ?? switches.nonManagedOff;
  // Manifests are listed only to carry discovery's notices: they are watched, not loaded config.
  // Frontmatter files neither: a change to them changes nothing that is dispatched.
  const loaded = files.filter((file) => file.role !== 'plugin-manifest' && !file.activeWhile).map((file) => file.parsed.path);
  return {
    enabled: switches.allOff === null,
    // The same question `[features] hooks = false` answers elsewhere: which hooks a switch turned off, and where.
    switchedOff:
      off === null
        ? null
        : {
            scope: switches.allOff ? 'all' : 'non-managed',
            file: off.file.parsed.path,
            line: off.entry.keyPos.line,
            column: off.entry.keyPos.column,
          },
    managedOnly: false,
    handlers: switches.allOff ? [] : records.map((record) => applySwitches(record, switches, forced)),
    listedOnly: switches.allOff
      ? []
      : all.filter((record) => record.file !== null && scoped.has(record.file)).map((record) => listedOnly(record, scoped)),
    files: loaded,
    watchPaths: [
      ...new Set([
        ...loaded.filter((path) => path !== INLINE_SETTINGS_PATH),
        ...claudeSettingsWatchPaths(context),
        ...discovered.watchPaths,
      ]),
    ],
    // A switch in a file Claude skips is in force nowhere: its `hooks-switch` note would say otherwise.
    findings: withManagedRefusals(analysis.findings.filter((finding) => finding.ruleId !== 'hooks-switch' || !skipped.has(finding.file))),
    settings: listedSettings(applied),
  };
}

/**
 * `httpHookAllowedEnvVars` as Claude Code applies it: every layer's list merged, so a project list
 * widens a managed one (docs/security.md); shown by `list` with the files that named each variable.
 */
function listedSettings(files: readonly ConfigFile[]): ListedSetting[] {
  const sources = mergedListSources(settingsFiles(files), 'httpHookAllowedEnvVars');
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
function listedOnly(record: HandlerRecord, scoped: ReadonlyMap<string, NonNullable<ConfigFile['activeWhile']>>): HandlerRecord {
  const { component, name } = scoped.get(record.file!)!;
  const event = component === 'subagent' && record.event === 'Stop' ? 'SubagentStop' : record.event;
  const error = frontmatterWords(component === 'skill' ? 'skill' : 'subagent', name);
  return { ...record, event, unrunnable: { reason: 'not-runnable', error } };
}
