import { join, resolve } from 'node:path';
import { configured, detectDialects, nearestConfiguredDir } from '../../dialects/detect-dialect.js';
import {
  type CaseDialects,
  type CaseResult,
  type CasesReport,
  type DialectEngine,
  type HookSummary,
  runCasesAcross,
} from '../../testing/run-cases.js';
import { noteInstalledAgents } from '../agent-notes.js';
import { loadContextOf, resolveCommon, type CommonContext, type CommonOptionValues } from '../common-context.js';
import { DIALECT_IDS, loadConfigSpec, manifestOf, type DialectId } from '../../dialects/registry.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import type { LoadContext } from '../../kit/load-context.js';
import { type HookPreflight, hookPreflight } from '../../testing/preflight.js';
import { guardHookProcesses } from '../hook-processes.js';
import { openEngine } from '../open-engine.js';
import { showText } from '../../util/show-text.js';
import { stringifyJson } from '../../util/safe-json.js';

/** The one line `hookctl test` prints on stderr: it runs the project's hooks without trust review. */
export const TEST_BYPASS_WARNING =
  'hookctl: warning: `hookctl test` runs every enabled hook of the project without trust review; ' +
  'run it only on a repository whose hooks you would run';

export interface TestOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  json?: boolean;
  /** `--agent-version <dialect>=<version>` values. */
  agentVersion?: string[];
}

/**
 * `hookctl test`: exit 1 when any case fails. In a project with hook config for several dialects,
 * each case runs in the dialects it names (or its folder names), and the report is per dialect.
 */
export async function test(dir: string | undefined, options: TestOptions): Promise<number> {
  const { casesDir, projectDir } = locateCases(dir, options.cwd);
  const common = resolveCommon({ ...options, ...(projectDir === undefined ? {} : { cwd: projectDir }) }, { several: 'all' });
  const here = detectDialects(common.cwd, common.home);
  // Without --dialect in a project with several, common.dialectId is only the default: not configured here.
  const available =
    here.dialects.length > 1 && options.dialect === undefined ? here.dialects : [...new Set([...here.dialects, common.dialectId])];
  const fallback = options.dialect !== undefined || here.dialects.length <= 1 ? common.dialectId : null;
  // Each dialect the cases may run in: its installed agent, where another release, is named once.
  await noteInstalledAgents(available, options.agentVersion);
  const engines = new Map<string, Promise<DialectEngine>>();
  const dialects: CaseDialects = {
    known: DIALECT_IDS,
    available,
    fallback,
    unavailable: (id) =>
      `${common.cwd} has no ${id} hook config (${manifestOf(id as DialectId).configDir}/); ` +
      `hookctl test runs the dialects configured here: ${available.join(', ')}`,
    open: (id) => {
      let opened = engines.get(id);
      if (opened === undefined) {
        opened = openDialect({ ...common, dialectId: id as DialectId }, options);
        engines.set(id, opened);
      }
      return opened;
    },
    translate: async (from, to, event, payload, context) => {
      const { translateCase } = await import('../../dialects/concordance.js');
      return translateCase(from as DialectId, to as DialectId, event, payload, context);
    },
  };
  const { value: failed, interruptedExitCode } = await guardHookProcesses(async (signal) => {
    try {
      // Running unreviewed code is never silent (SPEC 6.1.2): one line says so before the first case runs.
      const report = await runCasesAcross(casesDir, dialects, {
        signal,
        projectDir: common.cwd,
        beforeFirstCase: () => process.stderr.write(`${TEST_BYPASS_WARNING}\n`),
      });
      if (options.json) process.stdout.write(`${stringifyJson(report, 2)}\n`);
      else process.stdout.write(formatReport(report, fallback === null || report.dialects.some((row) => row.dialect !== fallback)));
      return report.failed;
    } finally {
      for (const opened of engines.values()) {
        const dialect = await opened.catch(() => null);
        await dialect?.engine.close({ signal });
      }
    }
  });
  return interruptedExitCode ?? (failed === 0 ? 0 : 1);
}

/** One dialect's engine for `test`, and its preflight. */
async function openDialect(common: CommonContext, options: TestOptions): Promise<DialectEngine> {
  // Cases exercise the hooks' logic; whether this user trusts them (or their project) is a separate, per-user decision.
  const engine = await openEngine(common, {
    bypassTrust: true,
    strictPayload: true,
    rewriteOrder: options.rewriteOrder,
    workspaceTrust: 'assume',
  });
  return { engine, preflight: await preflightOf(common, engine.handlers) };
}

function formatReport(report: CasesReport, perDialect: boolean): string {
  if (!perDialect)
    return `${report.results.map((result) => formatResult(result)).join('')}${report.passed} passed, ${report.failed} failed\n`;
  const lines = report.results.map((result) => formatResult(result, result.dialect === null ? '' : `${result.dialect}: `));
  for (const row of report.dialects) lines.push(`${row.dialect}: ${row.passed} passed, ${row.failed} failed\n`);
  const unplaced = report.results.filter((result) => result.dialect === null).length;
  if (unplaced > 0) lines.push(`${unplaced} ${unplaced === 1 ? 'case' : 'cases'} could not run in any dialect\n`);
  lines.push(`${report.passed} passed, ${report.failed} failed\n`);
  return lines.join('');
}

/**
 * The hooks lint says cannot run as written (a missing, non-executable or unreadable script), checked
 * once before the cases run, in the layers the engine loaded; positions are shown from the project.
 */
export async function preflightOf(
  common: CommonContext,
  handlers: readonly HandlerRecord[],
  context: LoadContext = loadContextOf(common),
): Promise<HookPreflight> {
  const { runLint } = await import('../../lint/run-lint.js');
  const { findings } = await runLint({ spec: await loadConfigSpec(common.dialectId), context });
  return hookPreflight(findings, handlers, common.cwd);
}

/**
 * Where the cases are and, without --cwd, which project they test: `hookctl test examples/gate`
 * means that project's `hooks-tests/`, and a cases dir inside a project tests that project.
 */
function locateCases(dir: string | undefined, cwdOption: string | undefined): { casesDir: string; projectDir: string | undefined } {
  const cwd = resolve(cwdOption ?? process.cwd());
  if (dir === undefined) return { casesDir: join(cwd, 'hooks-tests'), projectDir: undefined };
  const target = resolve(dir);
  if (cwdOption !== undefined) return { casesDir: target, projectDir: undefined };
  if (configured(target).length > 0) return { casesDir: join(target, 'hooks-tests'), projectDir: target };
  return { casesDir: target, projectDir: nearestConfiguredDir(target) ?? undefined };
}

function describeHooks(hooks: readonly HookSummary[]): string[] {
  if (hooks.length === 0) return ['    hooks: none was selected for this payload (see `hookctl dry-run --payload <file> --json`)'];
  return hooks.flatMap((hook) => {
    const status = hook.skipReason === null ? hook.status : `${hook.status} (${hook.skipReason})`;
    const exit = hook.exitCode !== null ? `exit ${hook.exitCode}` : hook.signal !== null ? `signal ${hook.signal}` : 'no exit code';
    const stderr = hook.stderrTail === '' ? [] : hook.stderrTail.split('\n').map((line) => `        stderr: ${line}`);
    return [`    hook ${hook.id}: ${status}, ${exit}`, ...stderr];
  });
}

function formatResult(result: CaseResult, prefix = ''): string {
  if (result.passed) return `✓ ${showText(prefix + result.name)}\n`;
  const lines = [`✗ ${prefix}${result.name}`];
  // An error of several lines (a payload's schema errors, one per line) keeps its lines, each escaped.
  if (result.error)
    lines.push(...result.error.split('\n').map((line, index) => (index === 0 ? `    error: ${line}` : `      ${line.trim()}`)));
  for (const mismatch of result.mismatches) {
    lines.push(
      `    ${mismatch.path || '/'}`,
      `      - expected: ${stringifyJson(mismatch.expected)}`,
      `      + actual:   ${stringifyJson(mismatch.actual)}`,
    );
  }
  // What each hook did, so "expected deny, actual null" comes with the exit code and stderr that explain it.
  if (result.error === null || result.hooks.length > 0) lines.push(...describeHooks(result.hooks));
  // Case names, errors and outcome values quote hook output: escaped line by line (SPEC 6.1.3).
  return `${lines.map((line) => showText(line)).join('\n')}\n`;
}
