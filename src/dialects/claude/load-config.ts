import { fileHooksNode } from '../../config/agent-rejection.js';
import { analyseFiles } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import type { SourceNode } from '../../config/source-tree.js';
import type { Finding, HandlerRecord, LoadContext, LoadedConfig } from '../../kit/index.js';
import type { Rule } from '../../lint/rule.js';
import { LOAD_RULES } from '../../lint/rules/index.js';
import { claudeSettingsWatchPaths, discoverSettingsFiles } from './config-layers.js';
import { configSpec } from './config-spec.js';
import { normalizeClaudeHandlers } from './normalize.js';
import { discoverPluginsWithNotices, type ClaudePlugin } from './plugins.js';
import { INLINE_SETTINGS_PATH } from './paths.js';
import { hookSwitches, mergedList, type HookSwitches } from './settings.js';

/** Findings that mean "the schema rejects this value": in a settings file they drop every hook of the file. */
const SCHEMA_RULES = new Set(['invalid-value', 'empty-command']);

/**
 * Loads every claude layer under Claude Code's runtime policy (SPEC-dialects 8.1): a file that is
 * not valid JSON contributes nothing; a `hooks` value the schema rejects drops every hook of that
 * settings or plugin file (managed files drop only the bad entries, as Claude repairs managed
 * policy entry by entry); an unknown event drops only its own entry; unknown handler keys are
 * ignored. Every drop is a finding, so list, dry-run and the outcome warnings show it.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const settings = await discoverSettingsFiles(context);
  const discovered = await discoverPluginsWithNotices(settings, context);
  const files = [...settings, ...discovered.files];
  const { rules, reports } = recordingRules(LOAD_RULES);
  const analysis = analyseFiles(files, configSpec, rules, context.cwd);
  const findings = [...analysis.findings];
  const dropped = droppedFiles(analysis.checked, reports, analysis.invalidated);
  for (const [file, count] of dropped) findings.push(fileDropped(file, count));
  for (const notice of discovered.notices) findings.push(notice_(notice.file, 'plugin-discovery', notice.message));
  const switches = hookSwitches(settings);
  findings.push(...switchFindings(switches));
  const policy = { allowedHttpHookUrls: mergedList(settings, 'allowedHttpHookUrls'), httpHookAllowedEnvVars: mergedList(settings, 'httpHookAllowedEnvVars') };
  const records = normalizeClaudeHandlers(analysis.checked, analysis.invalidated, new Set(dropped.keys()), policy, context);
  const forced = new Set(discovered.plugins.filter((plugin: ClaudePlugin) => plugin.forced).map((plugin) => plugin.name));
  const off = switches.allOff ?? switches.nonManagedOff;
  return {
    enabled: switches.allOff === null,
    // The same question `[features] hooks = false` answers elsewhere: which hooks a switch turned off, and where.
    switchedOff: off === null ? null : { scope: switches.allOff ? 'all' : 'non-managed', ...off },
    managedOnly: false,
    handlers: switches.allOff ? [] : records.map((record) => applySwitches(record, switches, forced)),
    files: files.map((file) => file.parsed.path),
    watchPaths: [
      ...new Set([...files.map((file) => file.parsed.path).filter((path) => path !== INLINE_SETTINGS_PATH), ...claudeSettingsWatchPaths(context), ...discovered.watchPaths]),
    ],
    findings,
  };
}

interface RuleReportRecord {
  file: ConfigFile;
  ruleId: string;
  invalidates: SourceNode | undefined;
}

/** The load rules, each also recording what it reported, so the policy can tell which findings reject a file. */
function recordingRules(rules: readonly Rule[]): { rules: Rule[]; reports: RuleReportRecord[] } {
  const reports: RuleReportRecord[] = [];
  const wrapped = rules.map(
    (rule): Rule => ({
      ...rule,
      check: (context) =>
        rule.check({
          ...context,
          report: (report) => {
            reports.push({ file: context.checked.file, ruleId: rule.meta.id, invalidates: report.invalidates });
            context.report(report);
          },
        }),
    }),
  );
  return { rules: wrapped, reports };
}

/**
 * Settings and plugin files whose hooks Claude drops whole, with how many schema errors caused it.
 * Problems inside an unknown event do not count: Claude skips that entry without reading it.
 */
function droppedFiles(
  checked: ReturnType<typeof analyseFiles>['checked'],
  reports: readonly RuleReportRecord[],
  invalidated: ReadonlySet<SourceNode>,
): Map<ConfigFile, number> {
  const dropped = new Map<ConfigFile, number>();
  const unknownEventNodes = new Map<ConfigFile, Set<SourceNode>>();
  // Files invalid-value already dropped whole (wholeFileRejection) said so in their own finding.
  const alreadyDropped = new Set<ConfigFile>();
  for (const { file, declarations } of checked) {
    const hooksNode = fileHooksNode(file, declarations);
    if (hooksNode !== undefined && invalidated.has(hooksNode)) alreadyDropped.add(file);
    const nodes = new Set<SourceNode>();
    for (const event of declarations.events) if (event.spec === null) collectNodes(event.value, nodes);
    unknownEventNodes.set(file, nodes);
  }
  for (const report of reports) {
    if (!SCHEMA_RULES.has(report.ruleId) || report.file.source === 'managed' || report.file.parsed.root === null) continue;
    if (alreadyDropped.has(report.file)) continue;
    if (report.invalidates !== undefined && unknownEventNodes.get(report.file)?.has(report.invalidates)) continue;
    dropped.set(report.file, (dropped.get(report.file) ?? 0) + 1);
  }
  return dropped;
}

function collectNodes(node: SourceNode, into: Set<SourceNode>): void {
  into.add(node);
  if (node.kind === 'array') for (const item of node.items) collectNodes(item, into);
  else if (node.kind === 'object') for (const entry of node.entries) collectNodes(entry.value, into);
}

/** A load notice that is not a lint rule's finding: it has a file and a message, at the file's start. */
function notice_(file: string, ruleId: string, message: string, severity: Finding['severity'] = 'warning'): Finding {
  return { ruleId, messageId: ruleId, severity, message, file, line: 1, column: 1 };
}

function fileDropped(file: ConfigFile, count: number): Finding {
  const errors = count === 1 ? 'the error' : `the ${count} errors`;
  return notice_(
    file.parsed.path,
    'settings-file-rejected',
    `the agent ignores every hook in this file because of ${errors} reported for it; no hook of this file is loaded`,
    'error',
  );
}

function switchFindings(switches: HookSwitches): Finding[] {
  const findings: Finding[] = [];
  if (switches.allOff) findings.push(notice_(switches.allOff.file, 'hooks-switch', 'disableAllHooks is true in managed settings: no hook runs, managed hooks included'));
  else if (switches.nonManagedOff) {
    findings.push(notice_(switches.nonManagedOff.file, 'hooks-switch', 'disableAllHooks is true: only managed hooks and plugins enabled by managed settings run'));
  }
  if (switches.managedOnly) {
    findings.push(notice_(switches.managedOnly.file, 'hooks-switch', 'allowManagedHooksOnly is set: only managed hooks and plugins enabled by managed settings run'));
  }
  if (switches.pluginOnly) {
    findings.push(notice_(switches.pluginOnly.file, 'hooks-switch', 'strictPluginOnlyCustomization locks hooks: user, project and local settings hooks do not run'));
  }
  return findings;
}

/** The switches' verdict on one handler, as a load-time skip reason with the switch named (8.1). */
function applySwitches(record: HandlerRecord, switches: HookSwitches, forced: ReadonlySet<string>): HandlerRecord {
  if (record.source === 'managed' || record.unrunnable) return record;
  const forcedPlugin = record.plugin !== null && forced.has(record.plugin);
  if (switches.managedOnly && !forcedPlugin) {
    return { ...record, unrunnable: { reason: 'managed-only', error: `allowManagedHooksOnly is set in ${switches.managedOnly.file}` } };
  }
  if (switches.pluginOnly && (record.source === 'user' || record.source === 'project' || record.source === 'local')) {
    return { ...record, unrunnable: { reason: 'managed-only', error: `strictPluginOnlyCustomization locks hooks in ${switches.pluginOnly.file}` } };
  }
  if (switches.nonManagedOff && !forcedPlugin) {
    return { ...record, unrunnable: { reason: 'disabled', error: `disableAllHooks is true in ${switches.nonManagedOff.file}` } };
  }
  return record;
}
