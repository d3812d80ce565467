import { dirname, resolve } from 'node:path';
import { analyseFiles, sortFindings } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { inferDialectFromPath } from '../../dialects/infer-dialect.js';
import { DIALECT_IDS, loadConfigSpec, manifestOf, type DialectId } from '../../dialects/registry.js';
import { everyRule } from '../../dialects/every-rule.js';
import { repositoryPatterns } from '../../dialects/repository-files.js';
import { UsageError } from '../../errors.js';
import type { LoadContext } from '../../kit/index.js';
import { assertConfigFile, lintFileGroups, type FilePaths } from '../../lint/lint-files.js';
import type { LintFormat } from '../../lint/reporters/formats.js';
import { loadReporter } from '../../lint/reporters/index.js';
import { countSeverities } from '../../lint/reporters/report.js';
import { inLoadOrder, type FilePlace } from '../../lint/repository-patterns.js';
import { applyInlineIgnores } from '../../lint/inline-ignores.js';
import { applyRuleSettings, parseRuleOption, readRuleSettings } from '../../lint/rule-settings.js';
import { runLint, type LintResult } from '../../lint/run-lint.js';
import { type KnownEvents, nearMissFile, unplacedPluginFile } from '../../lint/near-miss-files.js';
import { RULES } from '../../lint/rules/index.js';
import { scanRepository, type UnreadCandidate } from '../../lint/scan-repository.js';
import { displayPath } from '../../util/display-path.js';
import { showText } from '../../util/show-text.js';
import { loadContextOf, resolveCommon, SeveralDialectsError, type CommonContext, type CommonOptionValues } from '../common-context.js';
import { noteInstalledAgents } from '../agent-notes.js';
import { readVersion } from '../version.js';

export interface LintOptions extends CommonOptionValues {
  format: LintFormat;
  maxWarnings?: number;
  effective?: boolean;
  /** `--rule id=level`, each as given. */
  rule?: string[];
  /** `--agent-version <dialect>=<version>` values (with --effective). */
  agentVersion?: string[];
}

/** What was linted: the findings, the root their paths are relative to, and remarks for stderr. */
interface Linted {
  root: string;
  result: LintResult;
  notes: string[];
}

/** `hookctl lint`: exit 1 on errors or on more warnings than `--max-warnings` allows. */
export async function lint(files: readonly string[], options: LintOptions): Promise<number> {
  // The repository scan lints every dialect; only --effective loads one dialect's layers.
  const common = resolveCommon(options, { several: 'all' });
  if (options.effective && common.detected.length > 1) throw new SeveralDialectsError(common.detected, common.cwd);
  if (options.effective && files.length > 0) {
    throw new UsageError(
      '--effective lints the layers an agent started in the cwd loads; give it no files (or drop --effective to lint just those)',
    );
  }
  const [scoped, reporter, rules] = await Promise.all([lintScope(files, options, common), loadReporter(options.format), everyRule()]);
  // Every rule, each dialect's own too: a setting or ignore may name a rule of a dialect this run did not lint.
  const linted = withSettings({ ...scoped, result: { ...scoped.result, rules: rules.map((rule) => rule.meta) } }, options.rule ?? []);
  // Notes name repository paths: escaped like everything else shown (SPEC 6.1.3).
  for (const note of linted.notes) process.stderr.write(`${showText(note)}\n`);
  const stylish = options.format === 'stylish' ? await import('../../lint/reporters/stylish.js') : undefined;
  const color = stylish?.shouldUseColor(process.stdout, process.env) ?? false;
  const width = stylish?.terminalWidth(process.stdout, process.env);
  process.stdout.write(reporter(linted.result, { root: linted.root, color, width, version: readVersion() }));
  const { errors, warnings } = countSeverities(linted.result.findings);
  const maxWarnings = options.maxWarnings ?? Infinity;
  if (warnings > maxWarnings) process.stderr.write(`hookctl: too many warnings (${warnings}; --max-warnings allows ${maxWarnings})\n`);
  return errors > 0 || warnings > maxWarnings ? 1 : 0;
}

/**
 * The findings as the repository wants them (README "Rule settings"): inline `# hookctl-ignore`
 * (`// hookctl-ignore` in JSONC) comments first, then the levels of hookctl.config.json (or package.json "hookctl") at the root,
 * then `--rule`, which wins. A settings problem is a usage error before anything is printed.
 */
function withSettings(linted: Linted, ruleOptions: readonly string[]): Linted {
  const ruleIds = linted.result.rules.map((rule) => rule.id);
  const settings = readRuleSettings(linted.root, ruleIds);
  for (const value of ruleOptions) settings.levels.set(...parseRuleOption(value, ruleIds));
  const show = (path: string) => displayPath(path, linted.root);
  const formats = linted.result.formats ?? new Map();
  const ignored = applyInlineIgnores(linted.result.findings, linted.result.files ?? [], ruleIds, show, (file) => formats.get(file));
  const result = applyRuleSettings({ ...linted.result, findings: ignored.findings }, settings.levels);
  return { ...linted, result, notes: [...linted.notes, ...ignored.notes] };
}

/**
 * The three scopes (docs/cli.md, "hookctl lint"): `--effective`, the layers an agent started in
 * the cwd loads (user, project walk, plugins, managed) of one dialect; named files, each in its own
 * dialect; by default every hook config file of every dialect in the repository, and nothing
 * outside it. Paths are shown relative to the repository root, whatever the cwd.
 */
async function lintScope(files: readonly string[], options: LintOptions, common: CommonContext): Promise<Linted> {
  const context = loadContextOf(common);
  const forced = options.dialect === undefined ? null : common.dialectId;
  if (options.effective) {
    const root = findGitRoot(common.cwd) ?? common.cwd;
    const [spec, [installed]] = await Promise.all([
      loadConfigSpec(common.dialectId),
      noteInstalledAgents([common.dialectId], options.agentVersion),
    ]);
    // An installed agent older than the proven release: agent-version-since finds what it does not have yet.
    const agent =
      installed?.relation === 'older' && installed.installed !== null
        ? { name: installed.agent, version: installed.installed, since: installed.since }
        : undefined;
    const result = await runLint({
      spec,
      context,
      showPath: (path) => displayPath(path, root),
      ...(agent ? { installedAgent: agent } : {}),
    });
    return { root, notes: [], result };
  }
  if (files.length > 0) {
    const patterns = repositoryPatterns();
    const notes: string[] = [];
    const named = files.flatMap((file) => {
      const path = resolve(common.cwd, file);
      const place = patterns.place(path);
      assertConfigFile(file, path, place !== null);
      // Issue 39: a plugin's or extension's hooks file with no manifest beside it is no agent's, unless --dialect says whose.
      const unmet = place === null && forced === null ? patterns.unmetMarkers(path) : [];
      if (unmet.length > 0) {
        const beside = unmet.map(({ owner, markers }) => `${markers.join(' or ')} (${owner})`).join(', ');
        notes.push(
          `hookctl: ${file} is read only beside ${beside}; none is there, so no agent reads it: not linted (--dialect lints it as one)`,
        );
        return [];
      }
      return [{ path, place }];
    });
    const root = findGitRoot(common.cwd) ?? common.cwd;
    const dialectOf = (path: string) => forced ?? inferDialectFromPath(path) ?? common.dialectId;
    // A named near miss (`.claude/hooks.json`) is linted as asked, and said to be a file its agent never reads.
    const misses = named.flatMap(({ path, place }): UnreadCandidate[] => {
      const miss = place === null && forced === null ? patterns.nearMiss(path) : null;
      return miss === null ? [] : [{ path, miss }];
    });
    const unread = await unreadFiles(misses);
    const result = await lintPlaced(named, root, dialectOf, context);
    return { root, notes, result: await withUnread(result, unread, root, context) };
  }
  const scan = await scanRepository(common.cwd, repositoryPatterns(forced === null ? DIALECT_IDS : [forced]));
  const unread = await unreadFiles(scan.unread);
  // A plugin hooks file whose events are one agent's is linted as that agent's, beside its report.
  const lintedAs = unread.flatMap(({ file, owner }) => (owner === null ? [] : [{ path: file.parsed.path, owner }]));
  // Its scripts resolve from the plugin's root, the directory its manifest would be in.
  const toLint = [
    ...scan.files,
    ...lintedAs.map(({ path, owner }) => ({ path, place: { owner, anchor: dirname(dirname(path)), rank: 0 } })),
  ];
  if (toLint.length === 0 && unread.length === 0) scan.notes.push(noConfigNote(scan.root, forced));
  const owners = new Map([
    ...scan.files.map((file) => [file.path, file.place.owner] as const),
    ...lintedAs.map((f) => [f.path, f.owner] as const),
  ]);
  const linted = await lintPlaced(toLint, scan.root, (path) => owners.get(path)! as DialectId, context);
  // Without its manifest the agent gives such a file no plugin root: where its scripts are is not known.
  const unplaced = new Set(lintedAs.map(({ path }) => path));
  const findings = linted.findings.filter((finding) => !(unplaced.has(finding.file) && PLUGIN_ROOT_RULES.has(finding.ruleId)));
  // Besides the files the scan placed and those linted here as one agent's, lint read only files a manifest names.
  const placedHere = new Set(toLint.map(({ path }) => path));
  const viaManifest = new Set((linted.files ?? []).filter((path) => !placedHere.has(path)));
  return { root: scan.root, notes: scan.notes, result: await withUnread({ ...linted, findings }, unread, scan.root, context, viaManifest) };
}

/** Rules that resolve a script from the plugin root: not run on a plugin hooks file that has no manifest. */
const PLUGIN_ROOT_RULES = new Set([
  'missing-script',
  'script-not-executable',
  'unreadable-script',
  'cwd-relative-script',
  'unset-variable',
]);

/** The scan's unread candidates that hold hooks, each as the unread file of the agent it belongs to. */
async function unreadFiles(
  candidates: readonly UnreadCandidate[],
): Promise<{ file: ConfigFile; owner: string | null; reporter: string }[]> {
  const known: KnownEvents = new Map(DIALECT_IDS.map((id) => [id, new Set(manifestOf(id).events.map((event) => event.name))]));
  const files = await Promise.all(
    candidates.map(async (candidate) => {
      if ('miss' in candidate) {
        const file = await nearMissFile(candidate.path, candidate.miss, known);
        return file === null ? null : { file, owner: null, reporter: candidate.miss.owner };
      }
      const found = await unplacedPluginFile(candidate.path, candidate.unmet, known);
      return found === null ? null : { ...found, reporter: found.owner ?? candidate.unmet[0]!.owner };
    }),
  );
  return files.filter((file) => file !== null);
}

/**
 * The unread files' findings (the unread-file rule, run as their agent's), added to the result; none
 * for a file in `read`, which lint read as config through a plugin manifest that names it
 * (`"hooks": "./.claude/hooks.json"`): the agent reads it too.
 */
async function withUnread(
  result: LintResult,
  unread: readonly { file: ConfigFile; reporter: string }[],
  root: string,
  context: LoadContext,
  read: ReadonlySet<string> = new Set(),
): Promise<LintResult> {
  const unreadHere = unread.filter(({ file }) => !read.has(file.parsed.path));
  if (unreadHere.length === 0) return result;
  const showPath = (path: string) => displayPath(path, root);
  const found = await Promise.all(
    unreadHere.map(async ({ file, reporter }) => {
      const spec = await loadConfigSpec(reporter as DialectId);
      return analyseFiles([file], spec, RULES, dirname(file.parsed.path), showPath, { env: context.env }).findings;
    }),
  );
  const files = [...new Set([...(result.files ?? []), ...unreadHere.map(({ file }) => file.parsed.path)])];
  return { ...result, findings: sortFindings([...result.findings, ...found.flat()]), files };
}

/** Said when the scan found nothing, so an empty report is not mistaken for a clean one. */
function noConfigNote(root: string, forced: DialectId | null): string {
  const dialects = forced === null ? DIALECT_IDS : [forced];
  return `hookctl: no hook configuration found in ${root} (looked for ${dialects.map((id) => `${manifestOf(id).configDir}/`).join(', ')})`;
}

/**
 * Lints files, each with its dialect's rules, a layer's files together in the order the agent
 * loads them. A file's hooks run in the project its config directory belongs to, so
 * `./scripts/x.sh` in `packages/app/.openinterpreter/hooks.json` is looked for in `packages/app/`;
 * a file no dialect's repository files describe runs in the cwd.
 */
async function lintPlaced(
  files: readonly { path: string; place: FilePlace | null }[],
  root: string,
  dialectOf: (path: string) => DialectId,
  context: LoadContext,
): Promise<LintResult> {
  const byDialect = new Map<DialectId, string[]>();
  for (const { path } of inLoadOrder(files)) byDialect.set(dialectOf(path), [...(byDialect.get(dialectOf(path)) ?? []), path]);
  const groups = await Promise.all([...byDialect].map(async ([id, paths]) => ({ spec: await loadConfigSpec(id), paths })));
  const anchors = new Map(files.map(({ path, place }) => [path, place?.anchor ?? context.cwd]));
  const paths: FilePaths = { projectDirOf: (path) => anchors.get(path) ?? context.cwd, showPath: (path) => displayPath(path, root) };
  return lintFileGroups(groups, context, paths);
}
