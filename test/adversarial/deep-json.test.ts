import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine, type Outcome } from '../../src/index.js';
import { runCli } from '../helpers/run-cli.js';
import { sandboxFlags, makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { CRASH, runMeasured } from './kit.js';

/**
 * Invariant 4 (SPEC 6.1): no JSON depth overflows the stack — parse, validate, stringify. The
 * attacker is the model (a 5,000-level `tool_input`), a hook (a 5,000-level `updatedInput`) or a
 * repository (a config or case file nested thousands deep). Deep payloads and outputs are carried
 * through intact; deep config files are positioned parse errors; nothing prints "Maximum call
 * stack size exceeded" or throws a RangeError.
 */

const DEPTH = 5000;
const deepArray = (depth = DEPTH) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth = DEPTH) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Nesting depth without recursion (the test must not overflow either). */
function depthOf(value: unknown): number {
  let depth = 0;
  let current: unknown = value;
  while (current !== null && typeof current === 'object') {
    depth++;
    current = Array.isArray(current) ? current[0] : Object.values(current)[0];
  }
  return depth;
}

/** A compact payload text with a deep tool_input, written by hand: it is exactly what a hook must receive. */
function deepPayloadText(dialect: 'openinterpreter' | 'octo', cwd: string, toolInput: string): string {
  const common =
    dialect === 'openinterpreter'
      ? `"session_id":"s","turn_id":"t","cwd":${JSON.stringify(cwd)},"transcript_path":null,"hook_event_name":"PreToolUse",` +
        `"model":"m","permission_mode":"default","tool_name":"Bash","tool_use_id":"u"`
      : `"event":"PreToolUse","session_id":"s","cwd":${JSON.stringify(cwd)},"transcript_path":null,` +
        `"model":"m","transport":"cli","tool_name":"terminal"`;
  return `{${common},"tool_input":${toolInput}}`;
}

/** A hook that counts the bytes it received and blocks with that count as the reason. */
const COUNTING_HOOK = `n=$(wc -c | tr -d ' '); echo "got $n bytes" >&2; exit 2`;

function victim(dialect: 'openinterpreter' | 'octo'): { sandbox: TempProject; common: string[] } {
  const sandbox = makeTempProject();
  if (dialect === 'openinterpreter') {
    sandbox.write(
      'etc/requirements.toml',
      `[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = ${JSON.stringify(COUNTING_HOOK)}\n`,
    );
  } else {
    sandbox.write('home/.octo/hooks.yml', `hooks:\n  PreToolUse:\n    - command: ${JSON.stringify(COUNTING_HOOK)}\n`);
  }
  const common = [...sandboxFlags(sandbox, dialect, join(sandbox.root, 'etc', 'requirements.toml'))];
  return { sandbox, common };
}

describe('a 5,000-level tool_input reaches the hooks intact', () => {
  for (const dialect of ['openinterpreter', 'octo'] as const) {
    for (const [shape, toolInput] of [
      ['arrays', deepArray()],
      ['objects', deepObject()],
    ] as const) {
      it(`${dialect}, nested ${shape}: run and dry-run --json decide by the hook that read every byte`, async () => {
        const { sandbox, common } = victim(dialect);
        const text = deepPayloadText(dialect, sandbox.project, toolInput);
        const reason = `got ${Buffer.byteLength(text)} bytes`;

        const run = await runMeasured(['run', 'PreToolUse', ...common], { input: text });
        expect(run.stderr).not.toMatch(CRASH);
        expect(run.code, run.stderr).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', blocked: true, reason });

        const payloadFile = sandbox.write('payload.json', text);
        const dryRun = await runMeasured(['dry-run', 'PreToolUse', '--json', '--payload', payloadFile, ...common]);
        expect(dryRun.stderr).not.toMatch(CRASH);
        expect(dryRun.code, dryRun.stderr).toBe(0);
        expect(JSON.parse(dryRun.stdout)).toMatchObject({ decision: 'deny', reason });
      });
    }

    it(`${dialect}: the library dispatches it, no RangeError`, async () => {
      const { sandbox } = victim(dialect);
      const text = deepPayloadText(dialect, sandbox.project, deepArray());
      const engine = await createEngine({
        dialect,
        cwd: sandbox.project,
        home: sandbox.home,
        managedConfigPath: join(sandbox.root, 'etc', 'requirements.toml'),
        env: { PATH: process.env.PATH },
      });
      try {
        const outcome = await engine.dispatch('PreToolUse', JSON.parse(text) as never);
        expect(outcome).toMatchObject({ decision: 'deny', reason: `got ${Buffer.byteLength(text)} bytes` });
      } finally {
        await engine.close();
      }
    });
  }
});

describe("a hook's 5,000-level output is interpreted, carried and printed", () => {
  function rewriter(): { sandbox: TempProject; common: string[] } {
    const sandbox = makeTempProject();
    writeFileSync(
      join(sandbox.project, 'out.json'),
      `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":${deepObject()}}}`,
    );
    sandbox.write(
      'etc/requirements.toml',
      '[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\nid = "rewriter"\ncommand = "cat >/dev/null; cat out.json"\n',
    );
    return {
      sandbox,
      common: [...sandboxFlags(sandbox, 'openinterpreter', join(sandbox.root, 'etc', 'requirements.toml'))],
    };
  }
  const payload = (cwd: string) => deepPayloadText('openinterpreter', cwd, '{"command":"ls"}');

  it('run prints the outcome with the whole updatedInput', async () => {
    const { sandbox, common } = rewriter();
    const run = await runMeasured(['run', 'PreToolUse', ...common], { input: payload(sandbox.project) });
    expect(run.stderr).not.toMatch(CRASH);
    expect(run.code, run.stderr).toBe(0);
    const outcome = JSON.parse(run.stdout) as Outcome;
    expect(outcome).toMatchObject({ decision: 'allow', updatedInputFrom: 'rewriter' });
    expect(depthOf(outcome.updatedInput)).toBe(DEPTH);
  });

  it('dry-run shows it as text and as --json', async () => {
    const { sandbox, common } = rewriter();
    const file = sandbox.write('payload.json', payload(sandbox.project));
    const text = await runCli(['dry-run', 'PreToolUse', '--payload', file, ...common]);
    expect(text.stderr).not.toMatch(CRASH);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`updated input (from rewriter): ${'{"a":'.repeat(3)}`);
    const json = await runCli(['dry-run', 'PreToolUse', '--json', '--payload', file, ...common]);
    expect(json.code, json.stderr).toBe(0);
    expect(depthOf((JSON.parse(json.stdout) as Outcome).updatedInput)).toBe(DEPTH);
  });

  it('the library returns it', async () => {
    const { sandbox } = rewriter();
    const engine = await createEngine({
      dialect: 'openinterpreter',
      cwd: sandbox.project,
      home: sandbox.home,
      managedConfigPath: join(sandbox.root, 'etc', 'requirements.toml'),
    });
    try {
      const outcome = await engine.dispatch('PreToolUse', JSON.parse(payload(sandbox.project)) as never);
      expect(outcome.decision).toBe('allow');
      expect(depthOf(outcome.updatedInput)).toBe(DEPTH);
    } finally {
      await engine.close();
    }
  });

  it('an octo verdict with a deep extra field still blocks', async () => {
    const sandbox = makeTempProject();
    writeFileSync(join(sandbox.project, 'out.json'), `{"decision":"block","reason":"deep says no","extra":${deepArray()}}`);
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "cat >/dev/null; cat out.json"\n');
    const common = ['--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home];
    const run = await runCli(['run', 'PreToolUse', ...common], { input: deepPayloadText('octo', sandbox.project, '{}') });
    expect(run.stderr).not.toMatch(CRASH);
    expect(JSON.parse(run.stdout)).toMatchObject({ decision: 'deny', reason: 'deep says no' });
  });
});

describe('config and case files nested 5,000 deep are positioned parse errors', () => {
  const files = [
    [
      'project/.openinterpreter/hooks.json',
      `{"hooks":{},"description":${deepArray()}}`,
      'openinterpreter',
      /JSON error: arrays and objects nested more than 200 levels/,
    ],
    [
      'project/.openinterpreter/config.toml',
      `x = ${deepArray()}\n`,
      'openinterpreter',
      /TOML error: arrays and objects nested more than 200 levels/,
    ],
    ['project/.octo/hooks.yml', `hooks: {}\nx: ${deepArray()}\n`, 'octo', /YAML error: .*nested more than 200 levels|YAML syntax error/],
    // Block style indents one more space per level: 600 levels stay under the 256 KiB YAML cap.
    [
      'project/.octo/hooks.yml',
      `hooks: {}\nx:\n${Array.from({ length: 600 }, (_, i) => `${' '.repeat(i + 1)}- `).join('\n')}1\n`,
      'octo',
      /YAML/,
    ],
  ] as const;
  for (const [path, content, dialect, message] of files) {
    it(`${path} (${content.slice(0, 12)}…): lint reports it at a position; list and the engine carry on`, async () => {
      const sandbox = makeTempProject();
      sandbox.write(path, content);
      sandbox.write('home/.octo/hooks.yml', 'hooks:\n  PreToolUse:\n    - command: "echo user-ran >&2; exit 2"\n');
      const common = ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml')];
      const lint = await runCli(['lint', '--format', 'json', ...common]);
      expect(lint.stderr).not.toMatch(CRASH);
      expect(lint.code).toBe(1);
      const finding = (
        JSON.parse(lint.stdout) as { findings: { ruleId: string; line: number; column: number; message: string }[] }
      ).findings.find((item) => item.ruleId === 'parse-error');
      expect(finding?.message).toMatch(message);
      expect(finding!.line).toBeGreaterThanOrEqual(1);
      expect(finding!.column).toBeGreaterThanOrEqual(1);
      const list = await runCli(['list', ...common]);
      expect(list.stderr).not.toMatch(CRASH);
      expect(list.code).toBe(0);
    });
  }

  it('hookctl test: a case whose expectation is 5,000 deep is a failed case, not a crash', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "true"\n');
    const stopPayload = deepPayloadText('octo', '.', '{}').replace('"PreToolUse"', '"Stop"');
    sandbox.write(
      'project/hooks-tests/deep.case.json',
      `{"event":"Stop","payload":${stopPayload},"expect":{"updatedInput":${deepObject()}}}`,
    );
    const result = await runCli(['test', 'hooks-tests', '--dialect', 'octo', '--cwd', sandbox.project, '--home', sandbox.home], {
      cwd: sandbox.project,
    });
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/deep\.case\.json\n\s+error: invalid case file: "expect" is nested more than 200 levels deep/);
  });
});
