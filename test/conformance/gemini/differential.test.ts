import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/create-engine.js';
import type { Outcome } from '../../../src/kit/index.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { type Behaviour, buildCases, type Case } from './cases.js';

/**
 * Part 3 of issue 28: the same hook commands run through Gemini CLI's own hook code
 * (@google/gemini-cli-core 0.61.0: HookRegistry → HookPlanner → HookRunner → HookAggregator, in
 * gemini-driver.mjs) and through hookctl's engine with the gemini dialect; both must agree on what
 * Gemini's callers read: blocked and its reason, stop and its reason, ask, the escaped additional
 * context, the rewritten tool input, the system message, the tool configuration, clearContext, how
 * many hooks ran, and the stdin every hook saw (sequential definitions chain it). Gemini's code runs
 * inside a loopback-only network namespace where one can be made (a third-party package with
 * telemetry must not reach the network); elsewhere the suite says so in one line and runs it as is.
 */

const DRIVER = fileURLToPath(new URL('./gemini-driver.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'hookctl-gemini-diff-'));
const work = join(root, 'work');
const scripts = join(root, 'hooks');
const cases = buildCases(work);

interface Final {
  blocked: boolean;
  reason: string | null;
  stop: boolean;
  stopReason: string | null;
  ask: boolean;
  context: string | null;
  updatedInput: unknown;
  systemMessage: string | null;
  toolConfig: unknown;
  clearContext: boolean;
}
interface Result {
  id: string;
  ran: number;
  final: Final | null;
}

const shQuote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** One script per case and hook: records its stdin, sleeps, prints exactly the behaviour's bytes, exits. */
function writeScript(caseIndex: number, hook: string, behaviour: Behaviour): string {
  const path = join(scripts, `${caseIndex}-${hook}.sh`);
  const lines = [
    `cat > "$HOOK_LOG/${caseIndex}-${hook}.$$.json"`,
    behaviour.sleepSeconds ? `sleep ${behaviour.sleepSeconds}` : '',
    behaviour.stdout === undefined ? '' : `printf '%s' ${shQuote(behaviour.stdout)}`,
    behaviour.stderr === undefined ? '' : `printf '%s' ${shQuote(behaviour.stderr)} >&2`,
    `exit ${behaviour.exit ?? 0}`,
  ];
  writeFileSync(path, `${lines.filter(Boolean).join('\n')}\n`);
  return `sh ${shQuote(path)}`;
}

/** The case's `hooks` settings value, with the commands of its scripts. */
function hooksSetting(testCase: Case, index: number): Record<string, unknown> {
  const commands = Object.fromEntries(
    Object.entries(testCase.behaviours).map(([hook, behaviour]) => [hook, writeScript(index, hook, behaviour)]),
  );
  return {
    [testCase.event]: testCase.definitions.map((definition) => ({
      ...(definition.matcher === undefined ? {} : { matcher: definition.matcher }),
      ...(definition.sequential === undefined ? {} : { sequential: definition.sequential }),
      hooks: definition.hooks.map((hook) => ({
        type: 'command',
        command: commands[hook.hook],
        ...(hook.name === undefined ? {} : { name: hook.name }),
        ...(hook.timeout === undefined ? {} : { timeout: hook.timeout }),
        ...(hook.async === undefined ? {} : { async: hook.async }),
      })),
    })),
  };
}

/** What each hook of case `index` read on stdin, per hook, in the order the files sort (one per run). */
function stdinSeen(logDir: string, index: number): Record<string, unknown[]> {
  const seen: Record<string, unknown[]> = {};
  for (const file of readdirSync(logDir)
    .filter((name) => name.startsWith(`${index}-`))
    .sort()) {
    const hook = file.split('.')[0]!;
    seen[hook] = [...(seen[hook] ?? []), JSON.parse(readFileSync(join(logDir, file), 'utf8'))];
  }
  return seen;
}

function fromOutcome(event: string, outcome: Outcome): Final | null {
  const output = (outcome.dialectOutput?.output ?? null) as {
    hookSpecificOutput?: { toolConfig?: unknown; clearContext?: unknown };
  } | null;
  if (output === null) return null;
  return {
    blocked: outcome.blocked,
    reason: outcome.reason,
    stop: outcome.stop,
    stopReason: outcome.stopReason,
    ask: outcome.decision === 'ask',
    context: outcome.additionalContext,
    updatedInput: outcome.updatedInput ?? null,
    systemMessage: outcome.systemMessages.join('\n') || null,
    toolConfig: event === 'BeforeToolSelection' ? (output.hookSpecificOutput?.toolConfig ?? null) : null,
    clearContext: event === 'AfterAgent' && output.hookSpecificOutput?.clearContext === true,
  };
}

const gemini = new Map<string, { result: Result; stdin: Record<string, unknown[]> }>();
const settings: Record<string, unknown>[] = [];

beforeAll(() => {
  for (const dir of [work, scripts, join(root, 'home'), join(root, 'log-gemini'), join(root, 'log-hookctl')])
    mkdirSync(dir, { recursive: true });
  const forGemini = cases.map((testCase, index) => {
    const hooks = hooksSetting(testCase, index);
    settings.push(hooks);
    return { id: testCase.id, event: testCase.event, payload: testCase.payload, hooks };
  });
  const casesFile = join(root, 'cases.json');
  writeFileSync(casesFile, JSON.stringify(forGemini));
  const namespace = loopbackNamespace();
  if (!namespace.available)
    process.stderr.write(`differential.test.ts: Gemini's hook code runs without a namespace: ${namespace.reason}\n`);
  const resultsFile = join(root, 'results.json');
  const argv = [process.execPath, DRIVER, casesFile, resultsFile];
  const [command, ...args] = namespace.available ? namespace.wrap(argv) : argv;
  execFileSync(command!, args, {
    cwd: work,
    stdio: 'ignore',
    // HOME in the sandbox on both sides: bash started over a socketpair (how Node passes stdin) reads
    // ~/.bashrc, and a user's .bashrc (pyenv init…) would cost every hook seconds.
    env: { ...process.env, HOME: join(root, 'home'), HOOK_LOG: join(root, 'log-gemini') },
    timeout: 840_000,
  });
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as Result[];
  results.forEach((result, index) => {
    gemini.set(result.id, { result, stdin: stdinSeen(join(root, 'log-gemini'), index) });
  });
}, 900_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('gemini: hookctl agrees with Gemini CLI hook runner and aggregator', () => {
  it('has more than 100 cases over every event', () => {
    expect(cases.length).toBeGreaterThan(100);
    expect(new Set(cases.map((testCase) => testCase.event)).size).toBe(11);
  });

  it.each(cases.map((testCase, index) => [testCase.id, index] as const))(
    '%s',
    async (id, index) => {
      const testCase = cases[index]!;
      const project = join(root, 'projects', String(index));
      mkdirSync(join(project, '.gemini'), { recursive: true });
      writeFileSync(join(project, '.gemini', 'settings.json'), JSON.stringify({ hooks: settings[index] }, null, 2));
      const engine = await createEngine({
        dialect: 'gemini',
        cwd: project,
        home: join(root, 'home'),
        managedConfigPath: join(root, 'no-system-settings.json'),
        env: {
          ...process.env,
          HOME: join(root, 'home'),
          HOOK_LOG: join(root, 'log-hookctl'),
          GEMINI_CLI_TRUST_WORKSPACE: 'true',
          GEMINI_CLI_HOME: join(root, 'home'),
        },
        rewriteOrder: 'configured',
      });
      try {
        const outcome = await engine.dispatch(testCase.event as never, testCase.payload as never);
        const ran = outcome.runs.filter((run) => run.status !== 'skipped').length;
        const expected = gemini.get(id)!;
        expect({ ran, final: fromOutcome(testCase.event, outcome) }).toEqual({ ran: expected.result.ran, final: expected.result.final });
        expect(stdinSeen(join(root, 'log-hookctl'), index)).toEqual(expected.stdin);
      } finally {
        await engine.close();
      }
      // The first case pays for loading the engine; a loaded machine makes that slow.
    },
    120_000,
  );
});
