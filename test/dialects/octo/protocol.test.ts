import { describe, expect, it } from 'vitest';
import type { HandlerEffect, Interpretation } from '../../../src/kit/index.js';
import { OCTO_EVENTS } from '../../../src/dialects/octo/events.js';
import { protocol } from '../../../src/dialects/octo/protocol.js';
import type { AggregateEffect } from '../../../src/kit/outcome.js';
import type { RunResult } from '../../../src/kit/run-result.js';
import { exited, makeHandler, printed, spawnFailed, timedOut } from '../../helpers/factories.js';

const CONTEXT_EVENTS = ['SessionStart', 'UserPromptSubmit', 'PostToolUse'];
const DISCARD_EVENTS = ['Stop', 'SubagentStop', 'PreCompact'];

const noOpinion = (effect: HandlerEffect = {}): Interpretation => ({ status: 'completed', error: null, verdict: false, effect });
const block = (reason: string): Interpretation => ({ status: 'blocked', error: null, verdict: true, effect: { decision: 'deny', reason } });
const approve = (reason?: string): Interpretation => ({
  status: 'completed',
  error: null,
  verdict: true,
  effect: reason === undefined ? { decision: 'allow' } : { decision: 'allow', reason },
});
const failure = (error: string, status: 'failed' | 'timed_out' = 'failed'): Interpretation => ({
  status,
  error,
  verdict: false,
  effect: {},
});

function interpret(event: string, result: RunResult): Interpretation {
  return protocol.interpret(event, makeHandler({ dialect: 'octo', event }), result);
}

describe('octo interpret: the PreToolUse gate (SPEC 3.4)', () => {
  const longStderr = `${'a'.repeat(100)}${'b'.repeat(500)}\n`;
  const rows: [string, RunResult, Interpretation][] = [
    [
      'exit 2: reason from stdout JSON first',
      exited(2, { stdout: '{"decision":"block","reason":"from stdout"}', stderr: 'from stderr' }),
      block('from stdout'),
    ],
    [
      'exit 2: else trimmed stderr',
      exited(2, { stdout: '{"decision":"block"}', stderr: '\n refusing rm -rf \n' }),
      block('refusing rm -rf'),
    ],
    ['exit 2: only the last 500 characters of stderr', exited(2, { stderr: longStderr }), block('b'.repeat(500))],
    // Seed 001 line 51 "最后 500 个字符": characters are code points (Go runes), not UTF-16 units.
    [
      'exit 2: the tail counts code points, never splitting a character',
      exited(2, { stderr: `a😀${'x'.repeat(499)}` }),
      block(`😀${'x'.repeat(499)}`),
    ],
    [
      'exit 2: an approve object on stdout is no block reason',
      exited(2, { stdout: '{"decision":"approve","reason":"fine"}', stderr: 'refusing' }),
      block('refusing'),
    ],
    [
      'exit 2: the tail is of everything written, past the capture cap',
      { ...exited(2, { stderr: 'a'.repeat(100) }), truncated: true, stderrTail: `${'a'.repeat(10)}last words\n` },
      block(`${'a'.repeat(10)}last words`),
    ],
    ['exit 2: else the default reason', exited(2, { stdout: 'nope', stderr: ' \n' }), block('blocked by PreToolUse hook')],
    ['exit 0 approve', printed({ decision: 'approve' }), approve()],
    ['exit 0 approve with a reason', printed({ decision: 'approve', reason: 'read-only tool' }), approve('read-only tool')],
    ['exit 0 block', printed({ decision: 'block', reason: 'not on main' }), block('not on main')],
    ['exit 0 block without a reason', printed({ decision: 'block' }), block('blocked by PreToolUse hook')],
    ['exit 0 verdict with an extra key still decides', printed({ decision: 'block', reason: 'no', note: 1 }), block('no')],
    ['exit 0 empty: no opinion', exited(0), noOpinion()],
    ['exit 0 plain text: no opinion', exited(0, { stdout: 'looks fine\n' }), noOpinion()],
    ['exit 0 JSON without decision: no opinion', printed({ reason: 'just saying' }), noOpinion()],
    [
      'exit 0 with a decision that is not a verdict: reported, no opinion',
      printed({ decision: 'deny' }),
      failure('PreToolUse hook returned decision "deny"; a verdict is "approve" or "block"'),
    ],
    ['other exit code: non-blocking failure', exited(1, { stderr: 'crash' }), failure('PreToolUse hook exited with code 1')],
    ['timeout: non-blocking', timedOut('timed out after 5s'), failure('timed out after 5s', 'timed_out')],
    ['command not found: non-blocking', spawnFailed('command not found: ./guard.sh'), failure('command not found: ./guard.sh')],
  ];
  it.each(rows)('%s', (_name, result, expected) => {
    expect(interpret('PreToolUse', result)).toEqual(expected);
  });
});

describe('octo interpret: context folding and discarded stdout (SPEC 3.3)', () => {
  const rows: [string, string, RunResult, Interpretation][] = [
    ...CONTEXT_EVENTS.flatMap((event): [string, string, RunResult, Interpretation][] => [
      [
        'raw text, trimmed',
        event,
        exited(0, { stdout: '\n  remember the style guide \n' }),
        noOpinion({ additionalContext: 'remember the style guide' }),
      ],
      ['additional_context field', event, printed({ additional_context: ' from JSON ' }), noOpinion({ additionalContext: 'from JSON' })],
      ['a JSON object without the field folds as text', event, printed({ note: 'x' }), noOpinion({ additionalContext: '{"note":"x"}' })],
      ['empty stdout contributes nothing', event, exited(0, { stdout: '  \n' }), noOpinion()],
      ['an empty additional_context contributes nothing', event, printed({ additional_context: '' }), noOpinion()],
      ['exit 2 is a non-blocking failure', event, exited(2, { stderr: 'no' }), failure(`${event} hook exited with code 2`)],
      ['timeout is a non-blocking failure', event, timedOut('timed out after 5s'), failure('timed out after 5s', 'timed_out')],
    ]),
    ...DISCARD_EVENTS.flatMap((event): [string, string, RunResult, Interpretation][] => [
      ['stdout is discarded', event, exited(0, { stdout: '{"additional_context":"ignored"}' }), noOpinion()],
      ['exit 2 is a non-blocking failure', event, exited(2, { stderr: 'no' }), failure(`${event} hook exited with code 2`)],
    ]),
  ];
  it.each(rows)('%s (%s)', (_name, event, result, expected) => {
    expect(interpret(event, result)).toEqual(expected);
  });
});

describe('octo aggregate', () => {
  function dispatch(event: string, results: RunResult[]): AggregateEffect {
    const interpreted = results.map((result, index) => {
      const handler = makeHandler({ dialect: 'octo', event, id: `user:${event}:${index}` });
      return { handler, interpretation: protocol.interpret(event, handler, result), finished: index };
    });
    return protocol.aggregate(event, interpreted, { rewriteOrder: 'configured', payload: { session_id: 'test-session' } });
  }
  const nothing: AggregateEffect = {
    decision: null,
    blocked: false,
    reason: null,
    stop: false,
    stopReason: null,
    additionalContext: null,
    updatedInput: null,
    updatedInputFrom: null,
    systemMessages: [],
    dialectOutput: null,
  };

  const rows: [string, string, RunResult[], Partial<AggregateEffect>][] = [
    ['no hooks: the permission engine decides', 'PreToolUse', [], {}],
    ['no verdict and errors: null decision', 'PreToolUse', [exited(0), exited(1), timedOut()], {}],
    [
      'block after no opinion',
      'PreToolUse',
      [exited(0), exited(2, { stderr: 'refusing rm -rf' })],
      { decision: 'deny', blocked: true, reason: 'refusing rm -rf' },
    ],
    ['approve is allow', 'PreToolUse', [printed({ decision: 'approve', reason: 'safe' })], { decision: 'allow', reason: 'safe' }],
    [
      'the first verdict in registration order wins',
      'PreToolUse',
      [printed({ decision: 'approve' }), printed({ decision: 'block', reason: 'late' })],
      { decision: 'allow' },
    ],
    [
      'contexts joined with one blank line in registration order',
      'PostToolUse',
      [exited(0, { stdout: 'first\n' }), exited(1, { stdout: 'from a failed hook' }), exited(0), printed({ additional_context: 'second' })],
      { additionalContext: 'first\n\nsecond' },
    ],
    ['discard events have no effect', 'Stop', [exited(0, { stdout: 'bye' }), exited(2, { stderr: 'no' })], {}],
  ];
  it.each(rows)('%s (%s)', (_name, event, results, expected) => {
    expect(dispatch(event, results)).toEqual({ ...nothing, ...expected });
  });

  it('runs PreToolUse sequentially until a verdict, every other event concurrently', () => {
    const schedules = Object.fromEntries(OCTO_EVENTS.map(({ name }) => [name, protocol.schedule(name, [])]));
    expect(schedules).toEqual({
      SessionStart: 'concurrent',
      UserPromptSubmit: 'concurrent',
      PreToolUse: 'sequential-until-verdict',
      PostToolUse: 'concurrent',
      Stop: 'concurrent',
      SubagentStop: 'concurrent',
      PreCompact: 'concurrent',
    });
  });
});
