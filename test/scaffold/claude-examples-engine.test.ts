import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';
import { loadDialect } from '../../src/dialects/registry.js';
import type { AsyncRunResult } from '../../src/index.js';
import type { HookExample, Outcome } from '../../src/kit/index.js';
import { scaffoldHook } from '../../src/scaffold/scaffold.js';
import { makeClaudeSandbox } from '../dialects/claude/sandbox.js';
import { uncommentExample } from './uncomment-example.js';

/** The text an example hands Claude as its reason or message, wherever the wire form puts it. */
function reasonOf(example: HookExample): string | undefined {
  const hso = (example.stdout?.hookSpecificOutput ?? {}) as Record<string, unknown>;
  const decision = hso.decision as { message?: string } | undefined;
  return (
    (example.stdout?.reason as string | undefined) ??
    (hso.permissionDecisionReason as string | undefined) ??
    decision?.message ??
    example.stderr
  );
}

const hsoOf = (example: HookExample) => (example.stdout?.hookSpecificOutput ?? {}) as Record<string, unknown>;

/** What each example does to the dispatch's outcome: the effect its title promises. */
const EFFECTS: Record<string, (outcome: Outcome, example: HookExample, event: string) => void> = {
  block: (outcome, example, event) => {
    expect(outcome.blocked).toBe(true);
    if (event === 'PreToolUse' || event === 'PermissionRequest') expect(outcome.decision).toBe('deny');
    // WorktreeCreate names the exit code before stderr; an elicitation's stderr is shown nowhere.
    if (event === 'WorktreeCreate') expect(outcome.reason).toBe(`WorktreeCreate hook exited with code 2: ${reasonOf(example)}`);
    else if (event !== 'Elicitation' && event !== 'ElicitationResult') expect(outcome.reason).toBe(reasonOf(example));
  },
  allow: (outcome) => expect(outcome.decision).toBe('allow'),
  ask: (outcome) => expect(outcome.decision).toBe('ask'),
  defer: (outcome) => expect(outcome.decision).toBe('defer'),
  'rewrite-input': (outcome, example) => {
    expect(outcome.decision).toBe('allow');
    expect(outcome.updatedInput).toEqual(hsoOf(example).updatedInput);
  },
  context: (outcome, example) => expect(outcome.additionalContext).toBe(hsoOf(example).additionalContext),
  'context-text': (outcome, example) => expect(outcome.additionalContext).toBe(example.stdoutText),
  stop: (outcome, example) => expect([outcome.stop, outcome.stopReason]).toEqual([true, example.stdout!.stopReason]),
  warn: (outcome, example) => expect(outcome.systemMessages).toEqual([example.stdout!.systemMessage]),
  'session-title': (outcome, example) => expect(outcome.dialectOutput?.sessionTitle).toBe(hsoOf(example).sessionTitle),
  watch: (outcome, example) => expect(outcome.dialectOutput?.watchPaths).toEqual(hsoOf(example).watchPaths),
  display: (outcome, example) => expect(outcome.dialectOutput?.displayContent).toBe(hsoOf(example).displayContent),
  retry: (outcome) => expect(outcome.dialectOutput?.retry).toBe(true),
  'worktree-path': (outcome, example) => expect(outcome.dialectOutput?.worktreePath).toBe(example.stdoutText),
  accept: (outcome, example) => expect(outcome.dialectOutput?.action).toBe(hsoOf(example).action),
  decline: (outcome) => expect(outcome).toMatchObject({ blocked: true, dialectOutput: { action: 'decline' } }),
};
EFFECTS['block-exit-2'] = EFFECTS.block!;

/**
 * Every example of every claude scaffold, uncommented in a real js hook registered in
 * `.claude/settings.json` and dispatched through the engine with the event's fixture payload: the
 * run succeeds (only a failed WorktreeCreate is meant to fail), nothing is discarded or unknown,
 * and the outcome carries the effect the example's title promises.
 */
describe('claude scaffold examples through the engine', () => {
  it.each(CLAUDE_EVENTS.map((event) => event.name))('%s', async (event) => {
    const dialect = await loadDialect('claude');
    const box = makeClaudeSandbox();
    const scaffold = await scaffoldHook({ dialect, projectDir: box.project, event, lang: 'js', register: true });
    const script = readFileSync(scaffold.file, 'utf8');
    for (const example of dialect.scaffold.examples(event)) {
      writeFileSync(scaffold.file, uncommentExample(script, '//', example.id));
      const engine = await box.engine();
      const finished: AsyncRunResult[] = [];
      const outcome = await engine.dispatch(event as never, (await box.payload(event)) as never, {
        onAsyncEnd: (result) => finished.push(result),
      });
      await engine.close();
      const label = `${event} ${example.id}`;
      if (outcome.runs[0]?.mode === 'async') {
        // An event Claude does not wait for (DirectoryAdded): the message reaches Claude afterwards.
        expect(
          outcome.runs.map((run) => run.status),
          label,
        ).toEqual(['running']);
        expect(example.id, label).toBe('warn');
        expect(
          finished.map((result) => [result.report.status, result.effect.systemMessage]),
          label,
        ).toEqual([['completed', example.stdout!.systemMessage]]);
        continue;
      }
      const failing = event === 'WorktreeCreate' && example.exitCode !== 0;
      expect(
        outcome.runs.map((run) => run.status),
        label,
      ).toEqual([failing ? 'failed' : example.exitCode === 2 ? 'blocked' : expect.stringMatching(/^(completed|blocked|stopped)$/)]);
      expect(outcome.warnings, label).toEqual([]);
      const effect = EFFECTS[example.id];
      expect(effect, `${label}: an effect to check`).toBeDefined();
      effect!(outcome, example, event);
    }
  });
});

describe('a registered claude scaffold', () => {
  it('finds its script after Claude changed directory (the command goes through $CLAUDE_PROJECT_DIR)', async () => {
    const dialect = await loadDialect('claude');
    const box = makeClaudeSandbox();
    const scaffold = await scaffoldHook({ dialect, projectDir: box.project, event: 'Stop', lang: 'sh', register: true });
    writeFileSync(scaffold.file, uncommentExample(readFileSync(scaffold.file, 'utf8'), '#', 'block'));
    box.write('project/packages/app/.keep', '');
    const engine = await box.engine();
    const outcome = await engine.dispatch('Stop', (await box.payload('Stop', { cwd: `${box.project}/packages/app` })) as never);
    await engine.close();
    expect(scaffold.command).toBe('sh "$CLAUDE_PROJECT_DIR"/.claude/hooks/stop.sh');
    expect([outcome.runs[0]!.status, outcome.blocked, outcome.reason]).toEqual([
      'blocked',
      true,
      'Continue: run the tests before finishing.',
    ]);
  });
});
