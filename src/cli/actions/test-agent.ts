import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { configured, nearestConfiguredDir } from '../../dialects/detect-dialect.js';
import { DIALECT_IDS, type DialectId, loadDialect, manifestOf } from '../../dialects/registry.js';
import { killHookProcessGroupsNow } from '../../engine/process-groups.js';
import { HookctlError, UsageError } from '../../errors.js';
import type { AgentDriver } from '../../kit/agent-driver.js';
import { userConfigDirVariable } from '../../kit/manifest.js';
import type { Outcome } from '../../kit/outcome.js';
import { type AgentCaseResult, type AgentReport, runAgentCases } from '../../testing/agent-cases.js';
import { agentJail } from '../../util/agent-sandbox.js';
import { stringifyJson } from '../../util/safe-json.js';
import { showText } from '../../util/show-text.js';
import { type CommonOptionValues, loadContextOf, resolveCommon } from '../common-context.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';
import { preflightOf } from './test.js';

/** The agent binary is neither given nor on PATH. */
export class AgentMissingError extends HookctlError {}
/** A copied setting could send the agent off loopback: nothing runs. */
export class AgentRedirectedError extends HookctlError {}

export interface AgentTestOptions extends CommonOptionValues {
  agent: string;
  agentBin?: string;
  jobs?: string;
  format?: string;
  json?: boolean;
  withUserSettings?: boolean;
  rewriteOrder?: 'completion' | 'configured';
}

const WARNING =
  'hookctl: warning: `hookctl test --agent` runs every enabled hook of the project without trust review, ' +
  'inside the real agent; run it only on a repository whose hooks you would run';

/** `hookctl test --agent <id> [paths…]`: exit 1 when a case fails or disagrees, 2 when nothing could run. */
export async function testAgent(paths: readonly string[], options: AgentTestOptions): Promise<number> {
  const format = outputFormat(options);
  const jobs = jobCount(options.jobs);
  const driver = await agentDriverOf(options.agent);
  const { casePaths, projectDir } = locate(paths, options.cwd);
  const common = resolveCommon({ ...options, dialect: options.agent, cwd: projectDir });
  const bin = findAgentBin(driver, options.agentBin, process.env.PATH ?? '');
  const context = { projectDir: common.cwd, home: common.home, withUserSettings: options.withUserSettings === true, env: process.env };
  const redirections = driver.redirections(context);
  if (redirections.length > 0) throw new AgentRedirectedError(refusal(driver, redirections));
  const note = agentJail().note;
  if (note !== null) process.stderr.write(`hookctl: note: ${note}\n`);
  // The prediction reads what the agent in its sandbox reads: without --with-user-settings, no user layer.
  const predictionView = userLayerView(options.agent, common.home, options.withUserSettings === true);
  const engine = await openEngine(
    { ...common, home: predictionView.home },
    { bypassTrust: true, strictPayload: true, rewriteOrder: options.rewriteOrder, workspaceTrust: 'assume', env: predictionView.env },
  ).catch((error: unknown) => {
    predictionView.remove();
    throw error;
  });
  process.stderr.write(`${WARNING}\n`);
  const progress = format === 'text' ? process.stdout : process.stderr;
  // Ctrl-C: the agents' process groups end at once, no case starts, each sandbox is removed; exit 130.
  const { value: failures, interruptedExitCode } = await guardHookProcesses(async (signal) => {
    signal.addEventListener('abort', killHookProcessGroupsNow, { once: true });
    try {
      // The layers the prediction loads, linted: a hook that cannot run is named before any agent starts.
      const context = { ...loadContextOf(common), home: predictionView.home, env: predictionView.env };
      const preflight = await preflightOf(common, engine.handlers, context);
      const report = await runAgentCases({
        driver,
        agentBin: bin,
        predict: (event, payload) => engine.dispatch(event, payload) as Promise<Outcome>,
        paths: casePaths,
        projectDir: common.cwd,
        home: common.home,
        env: process.env,
        withUserSettings: options.withUserSettings === true,
        served: common.served,
        jobs,
        preflight,
        dialects: {
          self: common.dialectId,
          known: DIALECT_IDS,
          translate: async (from, to, event, payload, context) => {
            const { translateCase } = await import('../../dialects/concordance.js');
            return translateCase(from as DialectId, to as DialectId, event, payload, context);
          },
        },
        signal,
        onResult: (result) => {
          if (!signal.aborted) progress.write(progressLine(result));
        },
      });
      if (signal.aborted) return 0;
      const repro = (result: AgentCaseResult): string => reproduction(options.agent, result.file, common.cwd, bin);
      if (format === 'json')
        process.stdout.write(`${stringifyJson({ ...report, results: report.results.map((r) => ({ ...r, reproduce: repro(r) })) }, 2)}\n`);
      else if (format === 'junit') process.stdout.write(junit(report, repro));
      else process.stdout.write(textReport(report, repro));
      return report.failed + report.disagreements + report.errors;
    } finally {
      await engine.close({ signal });
      predictionView.remove();
    }
  });
  return interruptedExitCode ?? (failures === 0 ? 0 : 1);
}

interface UserLayerView {
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly remove: () => void;
}

/**
 * The home and environment hookctl predicts with. The agent runs with a sandbox home that holds the
 * user's own layer only with --with-user-settings; otherwise the prediction gets an empty home and no
 * variable that moves the user config dir (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`…), so a user-layer hook
 * is in neither view.
 */
function userLayerView(agent: string, home: string, withUserSettings: boolean): UserLayerView {
  if (withUserSettings) return { home, env: process.env, remove: () => {} };
  const empty = mkdtempSync(join(tmpdir(), 'hookctl-agent-home-'));
  const moved = userConfigDirVariable(manifestOf(agent as (typeof DIALECT_IDS)[number]));
  const env: Record<string, string | undefined> = { ...process.env, HOME: empty };
  if (moved !== undefined) delete env[moved];
  const remove = (): void => rmSync(empty, { recursive: true, force: true });
  // Ctrl-C may end the process before the caller's finally runs.
  process.once('exit', remove);
  return { home: empty, env, remove };
}

function outputFormat(options: AgentTestOptions): 'text' | 'json' | 'junit' {
  if (options.json) return 'json';
  const format = options.format ?? 'text';
  if (format === 'text' || format === 'json' || format === 'junit') return format;
  throw new UsageError(`unknown --format "${format}"; use text, json or junit`);
}

function jobCount(jobs: string | undefined): number | undefined {
  if (jobs === undefined) return undefined;
  const count = Number(jobs);
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`--jobs must be a whole number of 1 or more (got "${jobs}")`);
  return count;
}

async function agentDriverOf(id: string): Promise<AgentDriver> {
  const ids = DIALECT_IDS as readonly string[];
  if (!ids.includes(id)) throw new UsageError(`unknown agent "${id}"; use one of ${await drivableIds()}`);
  const dialect = await loadDialect(id as (typeof DIALECT_IDS)[number]);
  if (dialect.agentDriver === undefined)
    throw new UsageError(`hookctl cannot drive the ${id} agent yet; use one of ${await drivableIds()}`);
  return dialect.agentDriver();
}

async function drivableIds(): Promise<string> {
  const ids: string[] = [];
  for (const id of DIALECT_IDS) if ((await loadDialect(id)).agentDriver !== undefined) ids.push(id);
  return ids.join(', ');
}

/** The cases and the project they test, as `hookctl test` finds them; case files test the project that holds them. */
function locate(paths: readonly string[], cwdOption: string | undefined): { casePaths: string[]; projectDir: string } {
  const cwd = resolve(cwdOption ?? process.cwd());
  if (paths.length === 0) return { casePaths: [join(cwd, 'hooks-tests')], projectDir: cwd };
  const first = resolve(paths[0] as string);
  if (cwdOption !== undefined) return { casePaths: [...paths], projectDir: cwd };
  if (paths.length === 1 && isDirectory(first) && configured(first).length > 0)
    return { casePaths: [join(first, 'hooks-tests')], projectDir: first };
  const from = isDirectory(first) ? first : dirname(first);
  return { casePaths: [...paths], projectDir: nearestConfiguredDir(from) ?? cwd };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** `--agent-bin`, else the agent's executable on PATH, else an error that says how to install it. */
export function findAgentBin(driver: AgentDriver, given: string | undefined, path: string): string {
  if (given !== undefined) {
    const full = resolve(given);
    if (isExecutable(full)) return full;
    throw new AgentMissingError(`--agent-bin ${given} is not an executable file; ${driver.agent} installs with: ${driver.installHint}`);
  }
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, driver.binName);
    if (isExecutable(candidate)) return candidate;
  }
  throw new AgentMissingError(
    `${driver.agent} (\`${driver.binName}\`) is not on PATH; install it with \`${driver.installHint}\` or give its path with --agent-bin`,
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function refusal(driver: AgentDriver, found: readonly string[]): string {
  return [
    `refusing to run ${driver.agent}: the copied settings could send it off this machine or run a credential program:`,
    ...found.map((line) => `  ${showText(line)}`),
    'remove these settings from the tested layers (or test without --with-user-settings); ' +
      'hookctl never lets the agent reach a remote endpoint',
  ].join('\n');
}

const shellWord = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`);

/** One command that re-runs just this case. */
export function reproduction(agent: string, file: string, projectDir: string, bin: string): string {
  return ['hookctl', 'test', '--agent', agent, file, '--cwd', projectDir, '--agent-bin', bin].map(shellWord).join(' ');
}

const MARKS: Record<AgentCaseResult['status'], string> = { passed: '✓', failed: '✗', disagrees: '≠', 'not-run': '-', error: '!' };

function progressLine(result: AgentCaseResult): string {
  const seconds = (result.durationMs / 1000).toFixed(1);
  const agent = `the agent ${result.agentDid ?? 'did nothing observable'}`;
  const what =
    result.status === 'passed'
      ? (result.agentDid ?? '')
      : result.status === 'not-run' || result.status === 'error'
        ? (result.reason ?? '')
        : `${result.status === 'failed' ? 'failed' : 'disagrees with hookctl'}: ${agent}`;
  return `${showText(`${MARKS[result.status]} ${result.name} (${seconds} s): ${what}`)}\n`;
}

function textReport(report: AgentReport, repro: (result: AgentCaseResult) => string): string {
  const lines: string[] = ['', `${report.agent} ${report.agentVersion} (${report.agentBin})`];
  const width = Math.max(4, ...report.results.map((r) => r.name.length));
  lines.push(`${'case'.padEnd(width)}  ${'status'.padEnd(9)}  the agent did`);
  for (const r of report.results) lines.push(`${r.name.padEnd(width)}  ${r.status.padEnd(9)}  ${r.agentDid ?? r.reason ?? ''}`);
  for (const r of report.results) lines.push(...details(r, repro));
  lines.push(
    '',
    `${report.passed} passed, ${report.failed} failed, ${report.disagreements} disagree with hookctl, ` +
      `${report.notRun} not run in the agent, ` +
      `${report.errors} errors (${(report.durationMs / 1000).toFixed(1)} s)`,
  );
  // Everything printed quotes hook output or file names: escaped line by line (SPEC 6.1.3).
  return `${lines.map((line) => showText(line)).join('\n')}\n`;
}

function details(r: AgentCaseResult, repro: (result: AgentCaseResult) => string): string[] {
  if (r.status === 'passed') return [];
  const lines = ['', `${MARKS[r.status]} ${r.name}: ${r.status}`];
  if (r.reason !== null) lines.push(`    ${r.reason}`);
  if (r.agentDid !== null && r.status !== 'not-run') lines.push(`    the agent ${r.agentDid}`);
  for (const m of r.mismatches)
    lines.push(
      `    ${m.path || '/'}`,
      `      - expected:        ${stringifyJson(m.expected)}`,
      `      + the agent did:   ${stringifyJson(m.actual)}`,
    );
  for (const d of r.disagreements) lines.push(`    ${d.field}: the agent ${d.agentDid}, hookctl predicts ${d.hookctlPredicts}`);
  if (r.disagreements.length > 0) lines.push('    (a hookctl bug or a change in the agent: please report it with the line below)');
  if (r.status === 'failed' || r.status === 'error')
    lines.push(
      ...r.agentStderr
        .split('\n')
        .filter(Boolean)
        .map((line) => `    agent stderr: ${line}`),
    );
  lines.push(`    reproduce: ${repro(r)}`);
  return lines;
}

const xml = (text: string): string =>
  text
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD]/g, '?');

/** JUnit XML for CI: one testcase per case; the agent and its version as suite properties. */
function junit(report: AgentReport, repro: (result: AgentCaseResult) => string): string {
  const bad = report.failed + report.disagreements;
  const counts = `tests="${report.results.length}" failures="${bad}" errors="${report.errors}" skipped="${report.notRun}"`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="hookctl test --agent" ${counts} time="${(report.durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(report.agent)} ${xml(report.agentVersion)}" ${counts}>`,
    '    <properties>',
    `      <property name="agent" value="${xml(report.agent)}"/>`,
    `      <property name="agentVersion" value="${xml(report.agentVersion)}"/>`,
    '    </properties>',
  ];
  for (const r of report.results) {
    lines.push(`    <testcase classname="${xml(r.event ?? 'case')}" name="${xml(r.name)}" time="${(r.durationMs / 1000).toFixed(3)}">`);
    const body = details(r, repro).slice(2).join('\n');
    if (r.status === 'failed' || r.status === 'disagrees') lines.push(`      <failure message="${xml(r.status)}">${xml(body)}</failure>`);
    if (r.status === 'error') lines.push(`      <error message="${xml(r.reason ?? 'error')}">${xml(body)}</error>`);
    if (r.status === 'not-run') lines.push(`      <skipped message="${xml(r.reason ?? '')}"/>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>');
  return `${lines.join('\n')}\n`;
}
