import { describe, expect, it } from 'vitest';
import type { HandlerEffect, Interpretation } from '../../../src/kit/index.js';
import { OPENINTERPRETER_EVENTS } from '../../../src/dialects/openinterpreter/events.js';
import { protocol } from '../../../src/dialects/openinterpreter/protocol.js';
import type { AggregateEffect } from '../../../src/kit/outcome.js';
import type { RunResult } from '../../../src/kit/run-result.js';
import { exited, killedBy, makeHandler, printed, spawnFailed, timedOut } from '../../helpers/factories.js';

const ALL_EVENTS = OPENINTERPRETER_EVENTS.map((event) => event.name);
const EXIT_2_EVENTS = ['UserPromptSubmit', 'PreToolUse', 'PermissionRequest', 'PostToolUse', 'SubagentStop', 'Stop'];
const EXIT_2_MEANINGLESS = ALL_EVENTS.filter((event) => !EXIT_2_EVENTS.includes(event));
const MISSING_ON_EXIT_2: Record<string, string> = {
  PreToolUse: 'a blocking reason',
  PermissionRequest: 'a denial reason',
  PostToolUse: 'feedback',
  UserPromptSubmit: 'a blocking reason',
  Stop: 'a continuation prompt',
  SubagentStop: 'a continuation prompt',
};

const specific = (event: string, fields: Record<string, unknown> = {}) => ({
  hookSpecificOutput: { hookEventName: event, ...fields },
});

const done = (effect: HandlerEffect = {}): Interpretation => ({ status: 'completed', error: null, verdict: false, effect });
const blocked = (reason: string | undefined): Interpretation => ({
  status: 'blocked',
  error: null,
  verdict: false,
  effect: reason === undefined ? { decision: 'deny' } : { decision: 'deny', reason },
});
const failure = (error: string | RegExp, status: 'failed' | 'timed_out' = 'failed') => ({
  status,
  error: typeof error === 'string' ? error : expect.stringMatching(error),
  verdict: false,
  effect: {},
});

function interpret(event: string, result: RunResult, onFailure: 'continue' | 'abort' = 'continue'): Interpretation {
  return protocol.interpret(event, makeHandler({ event, id: 'guard', onFailure }), result);
}

describe('openinterpreter interpret: exit codes and plain text (SPEC 2.5)', () => {
  const rows: [string, string, RunResult, unknown][] = [
    ...ALL_EVENTS.map((event): [string, string, RunResult, unknown] => [`exit 0 with empty stdout`, event, exited(0), done()]),
    ['exit 0 with whitespace-only stdout', 'Stop', exited(0, { stdout: ' \n\t\n' }), done()],
    ...EXIT_2_EVENTS.map((event): [string, string, RunResult, unknown] => [
      'exit 2 blocks with trimmed stderr',
      event,
      exited(2, { stderr: '  refusing rm -rf\n' }),
      blocked('refusing rm -rf'),
    ]),
    // Codex: events/*.rs, what each event says was missing from stderr.
    ...Object.entries(MISSING_ON_EXIT_2).map(([event, missing]): [string, string, RunResult, unknown] => [
      'exit 2 without stderr fails',
      event,
      exited(2, { stderr: ' \n' }),
      failure(`${event} hook exited with code 2 but did not write ${missing} to stderr`),
    ]),
    ...EXIT_2_MEANINGLESS.filter((event) => !event.endsWith('Compact')).map((event): [string, string, RunResult, unknown] => [
      'exit 2 on an event without exit-2 meaning fails',
      event,
      exited(2, { stderr: 'stop it' }),
      failure('hook exited with code 2'),
    ]),
    // Codex: events/compact.rs: a failed compaction hook reports its stderr.
    ...['PreCompact', 'PostCompact'].map((event): [string, string, RunResult, unknown] => [
      'exit 2 on a compaction hook fails with its stderr',
      event,
      exited(2, { stderr: ' stop it\n' }),
      failure('stop it'),
    ]),
    ['other exit code fails', 'PreToolUse', exited(1, { stderr: 'boom' }), failure('hook exited with code 1')],
    ['timeout', 'PreToolUse', timedOut('timed out after 1s'), failure('hook timed out after 600s', 'timed_out')],
    [
      'signal',
      'PostToolUse',
      killedBy('SIGKILL'),
      failure('hook exited without a status code (hook process was killed by signal SIGKILL)'),
    ],
    [
      'command not found',
      'SessionStart',
      spawnFailed('command not found: ./missing.sh'),
      failure('hook exited with code 127 (command not found: ./missing.sh)'),
    ],
    ...['SessionStart', 'SubagentStart', 'UserPromptSubmit'].map((event): [string, string, RunResult, unknown] => [
      'plain text is context',
      event,
      exited(0, { stdout: '\n  use pnpm, not npm \n' }),
      done({ additionalContext: 'use pnpm, not npm' }),
    ]),
    ...['Stop', 'SubagentStop'].map((event): [string, string, RunResult, unknown] => [
      'plain text fails',
      event,
      exited(0, { stdout: 'all done\n' }),
      failure(
        `hook returned invalid ${event === 'Stop' ? 'stop' : 'subagent stop'} hook JSON output: stdout is plain text, not a JSON object`,
      ),
    ]),
    ...['PreToolUse', 'PermissionRequest', 'PostToolUse', 'PreCompact', 'PostCompact'].map(
      (event): [string, string, RunResult, unknown] => ['plain text is ignored', event, exited(0, { stdout: 'checked\n' }), done()],
    ),
  ];
  it.each(rows)('%s: %s', (_name, event, result, expected) => {
    expect(interpret(event, result)).toEqual(expected);
  });
});

describe('openinterpreter interpret: JSON output (SPEC 2.4, 2.5)', () => {
  const rows: [string, string, RunResult, unknown][] = [
    // The parse error's wording is Node's; only the prefix is ours.
    [
      'unparsable JSON fails',
      'PreToolUse',
      exited(0, { stdout: '{"hookSpecificOutput": ' }),
      failure(/^hook returned invalid pre-tool-use JSON output: \S/),
    ],
    [
      'a JSON array fails',
      'SessionStart',
      exited(0, { stdout: '  \n[1, 2]' }),
      failure('hook returned invalid session start JSON output: stdout is JSON but not an object'),
    ],
    [
      'an unknown field fails with its path',
      'Stop',
      printed({ decison: 'block' }),
      failure('hook returned invalid stop hook JSON output: /decison: unknown property "decison"'),
    ],
    [
      'a wrong hookEventName fails',
      'PreToolUse',
      printed(specific('PostToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'x' })),
      failure('hook returned invalid pre-tool-use JSON output: /hookSpecificOutput/hookEventName: must be "PreToolUse"'),
    ],
    [
      'PreToolUse deny',
      'PreToolUse',
      printed(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'policy' })),
      blocked('policy'),
    ],
    [
      'PreToolUse deny without a reason fails',
      'PreToolUse',
      printed(specific('PreToolUse', { permissionDecision: 'deny' })),
      failure('PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason'),
    ],
    [
      'PreToolUse deny with a blank reason fails',
      'PreToolUse',
      printed(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: '  ' })),
      failure('PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason'),
    ],
    [
      'PreToolUse deny drops its own rewrite',
      'PreToolUse',
      printed(specific('PreToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'no', updatedInput: { command: 'ls' } })),
      blocked('no'),
    ],
    [
      'PreToolUse allow with updatedInput',
      'PreToolUse',
      printed(specific('PreToolUse', { permissionDecision: 'allow', updatedInput: { command: 'ls -la' } })),
      done({ decision: 'allow', updatedInput: { command: 'ls -la' } }),
    ],
    [
      'PreToolUse ask with a reason',
      'PreToolUse',
      printed(specific('PreToolUse', { permissionDecision: 'ask', permissionDecisionReason: 'touches prod' })),
      done({ decision: 'ask', reason: 'touches prod' }),
    ],
    [
      'PreToolUse additionalContext',
      'PreToolUse',
      printed(specific('PreToolUse', { additionalContext: 'repo uses pnpm' })),
      done({ additionalContext: 'repo uses pnpm' }),
    ],
    ['legacy block = deny', 'PreToolUse', printed({ decision: 'block', reason: 'legacy no' }), blocked('legacy no')],
    [
      'legacy block without a reason fails',
      'PreToolUse',
      printed({ decision: 'block' }),
      failure('PreToolUse hook returned decision:block without a non-empty reason'),
    ],
    [
      'legacy approve = allow',
      'PreToolUse',
      printed({ decision: 'approve', reason: 'known safe' }),
      done({ decision: 'allow', reason: 'known safe' }),
    ],
    [
      'PermissionRequest deny with a message',
      'PermissionRequest',
      printed(specific('PermissionRequest', { decision: { behavior: 'deny', message: 'not here' } })),
      blocked('not here'),
    ],
    [
      'PermissionRequest deny without a message',
      'PermissionRequest',
      printed(specific('PermissionRequest', { decision: { behavior: 'deny' } })),
      blocked('PermissionRequest hook denied approval'),
    ],
    [
      'PermissionRequest allow',
      'PermissionRequest',
      printed(specific('PermissionRequest', { decision: { behavior: 'allow' } })),
      done({ decision: 'allow' }),
    ],
    ['PostToolUse block is feedback', 'PostToolUse', printed({ decision: 'block', reason: 'tests failed' }), blocked('tests failed')],
    [
      'UserPromptSubmit block',
      'UserPromptSubmit',
      printed({ decision: 'block', reason: 'contains a secret' }),
      blocked('contains a secret'),
    ],
    [
      'UserPromptSubmit block without a reason fails',
      'UserPromptSubmit',
      printed({ decision: 'block', reason: '' }),
      failure('UserPromptSubmit hook returned decision:block without a non-empty reason'),
    ],
    [
      'UserPromptSubmit additionalContext',
      'UserPromptSubmit',
      printed(specific('UserPromptSubmit', { additionalContext: 'today is Friday' })),
      done({ additionalContext: 'today is Friday' }),
    ],
    [
      'SessionStart additionalContext',
      'SessionStart',
      printed(specific('SessionStart', { additionalContext: 'branch: main' })),
      done({ additionalContext: 'branch: main' }),
    ],
    [
      'Stop block continues the turn',
      'Stop',
      printed({ decision: 'block', reason: 'run the tests first' }),
      blocked('run the tests first'),
    ],
    [
      'SubagentStop block continues the subagent',
      'SubagentStop',
      printed({ decision: 'block', reason: 'keep going' }),
      blocked('keep going'),
    ],
    ['common fields only', 'PreCompact', printed({}), done()],
    ['systemMessage', 'PostCompact', printed({ systemMessage: 'compacted 3 turns' }), done({ systemMessage: 'compacted 3 turns' })],
    [
      'continue:false stops, its stop text is the feedback',
      'PostToolUse',
      printed({ continue: false, stopReason: 'budget exhausted' }),
      {
        status: 'stopped',
        error: null,
        verdict: false,
        effect: { stop: true, stopReason: 'budget exhausted', reason: 'budget exhausted' },
      },
    ],
    [
      'continue:false wins over a block in the same output',
      'UserPromptSubmit',
      printed({ continue: false, decision: 'block', reason: 'no' }),
      { status: 'stopped', error: null, verdict: false, effect: { stop: true } },
    ],
  ];
  it.each(rows)('%s (%s)', (_name, event, result, expected) => {
    expect(interpret(event, result)).toEqual(expected);
  });
});

describe('openinterpreter interpret: onFailure "abort" fails closed (SPEC 2.6)', () => {
  const rows: [string, string, RunResult, 'failed' | 'timed_out', string][] = [
    ['non-zero exit', 'PreToolUse', exited(1), 'failed', 'hook exited with code 1'],
    [
      'exit 2 without a reason',
      'Stop',
      exited(2),
      'failed',
      'Stop hook exited with code 2 but did not write a continuation prompt to stderr',
    ],
    [
      'bad output',
      'PostToolUse',
      printed({ nope: true }),
      'failed',
      'hook returned invalid post-tool-use JSON output: /nope: unknown property "nope"',
    ],
    ['timeout', 'UserPromptSubmit', timedOut('timed out after 5s'), 'timed_out', 'hook timed out after 600s'],
    [
      'command not found',
      'SessionStart',
      spawnFailed('command not found: ./gone'),
      'failed',
      'hook exited with code 127 (command not found: ./gone)',
    ],
  ];
  it.each(rows)('%s keeps its status and blocks', (_name, event, result, status, error) => {
    const interpretation = interpret(event, result, 'abort');
    expect(interpretation).toEqual({ status, error, verdict: false, effect: { decision: 'deny', reason: `hook guard failed: ${error}` } });
  });

  it('leaves a successful or blocking run of an abort handler alone', () => {
    expect(interpret('PreToolUse', exited(0), 'abort')).toEqual(done());
    expect(interpret('PreToolUse', exited(2, { stderr: 'no' }), 'abort')).toEqual(blocked('no'));
  });
});

describe('openinterpreter aggregate (SPEC 2.6)', () => {
  /** Interprets each handler's result as the engine would, then aggregates in the given order. */
  function dispatch(event: string, runs: [id: string, result: RunResult, onFailure?: 'abort'][]): AggregateEffect {
    const interpreted = runs.map(([id, result, onFailure], index) => {
      const handler = makeHandler({ event, id, onFailure: onFailure ?? 'continue' });
      return { handler, interpretation: protocol.interpret(event, handler, result), finished: index };
    });
    return protocol.aggregate(event, interpreted, { rewriteOrder: 'configured', payload: { session_id: 'test-session' } });
  }
  const pre = (fields: Record<string, unknown>) => printed(specific('PreToolUse', fields));
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

  const rows: [string, string, [string, RunResult, 'abort'?][], Partial<AggregateEffect>][] = [
    ['no handlers', 'PreToolUse', [], {}],
    [
      'handlers without effect',
      'PreToolUse',
      [
        ['a', exited(0)],
        ['b', exited(1)],
        ['c', exited(0, { stdout: 'hi' })],
      ],
      {},
    ],
    [
      'any deny wins, reason from the first deny in configured order',
      'PreToolUse',
      [
        ['a', pre({ permissionDecision: 'allow' })],
        ['b', pre({ permissionDecision: 'ask', permissionDecisionReason: 'hmm' })],
        ['c', exited(2, { stderr: 'first no' })],
        ['d', pre({ permissionDecision: 'deny', permissionDecisionReason: 'second no' })],
      ],
      { decision: 'deny', blocked: true, reason: 'first no' },
    ],
    [
      'ask beats allow',
      'PreToolUse',
      [
        ['a', pre({ permissionDecision: 'allow', permissionDecisionReason: 'fine' })],
        ['b', pre({ permissionDecision: 'ask', permissionDecisionReason: 'touches prod' })],
      ],
      { decision: 'ask', reason: 'touches prod' },
    ],
    [
      'allow alone',
      'PreToolUse',
      [
        ['a', exited(0)],
        ['b', printed({ decision: 'approve' })],
      ],
      { decision: 'allow' },
    ],
    [
      'updatedInput from the last rewriting handler in configured order',
      'PreToolUse',
      [
        ['a', pre({ permissionDecision: 'allow', updatedInput: { command: 'one' } })],
        ['b', pre({ permissionDecision: 'allow', updatedInput: { command: 'two' } })],
        ['c', pre({ permissionDecision: 'allow' })],
      ],
      { decision: 'allow', updatedInput: { command: 'two' }, updatedInputFrom: 'b' },
    ],
    [
      'updatedInput is suppressed by any deny',
      'PreToolUse',
      [
        ['a', pre({ permissionDecision: 'allow', updatedInput: { command: 'one' } })],
        ['b', pre({ permissionDecision: 'deny', permissionDecisionReason: 'no' })],
      ],
      { decision: 'deny', blocked: true, reason: 'no' },
    ],
    [
      'a failing abort handler denies',
      'PreToolUse',
      [
        ['a', pre({ permissionDecision: 'allow', updatedInput: { command: 'one' } })],
        ['guard', exited(3), 'abort'],
      ],
      { decision: 'deny', blocked: true, reason: 'hook guard failed: hook exited with code 3' },
    ],
    [
      'contexts joined with a blank line in configured order',
      'SessionStart',
      [
        ['a', exited(0, { stdout: 'first\n' })],
        ['b', exited(0)],
        ['c', printed(specific('SessionStart', { additionalContext: 'second' }))],
      ],
      { additionalContext: 'first\n\nsecond' },
    ],
    [
      'Stop reasons joined with a blank line',
      'Stop',
      [
        ['a', exited(2, { stderr: 'run the tests' })],
        ['b', exited(0)],
        ['c', printed({ decision: 'block', reason: 'and the linter' })],
      ],
      { blocked: true, reason: 'run the tests\n\nand the linter' },
    ],
    [
      'SubagentStop reasons joined',
      'SubagentStop',
      [
        ['a', printed({ decision: 'block', reason: 'one' })],
        ['b', printed({ decision: 'block', reason: 'two' })],
      ],
      { blocked: true, reason: 'one\n\ntwo' },
    ],
    [
      'blocked prompt: first reason, no decision',
      'UserPromptSubmit',
      [
        ['a', exited(2, { stderr: 'secret found' })],
        ['b', printed({ decision: 'block', reason: 'also bad' })],
      ],
      { blocked: true, reason: 'secret found' },
    ],
    [
      'PostToolUse feedback block',
      'PostToolUse',
      [['a', printed({ decision: 'block', reason: 'lint failed' })]],
      { blocked: true, reason: 'lint failed' },
    ],
    [
      'PermissionRequest deny',
      'PermissionRequest',
      [
        ['a', printed(specific('PermissionRequest', { decision: { behavior: 'allow' } }))],
        ['b', exited(2, { stderr: 'not on main' })],
      ],
      { decision: 'deny', blocked: true, reason: 'not on main' },
    ],
    [
      'continue:false stops with the first stop text (PostToolUse has a default) and every stop text is feedback',
      'PostToolUse',
      [
        ['a', printed({ continue: false })],
        ['b', printed({ continue: false, stopReason: 'quota' })],
        ['c', printed({ continue: false, stopReason: 'later' })],
      ],
      { stop: true, stopReason: 'PostToolUse hook stopped execution', reason: 'PostToolUse hook stopped execution\n\nquota\n\nlater' },
    ],
    [
      'continue:false stops with the first stopReason given (Stop has no default)',
      'Stop',
      [
        ['a', printed({ continue: false })],
        ['b', printed({ continue: false, stopReason: 'quota' })],
      ],
      { stop: true, stopReason: 'quota' },
    ],
    [
      'systemMessages collected in order',
      'PreCompact',
      [
        ['a', printed({ systemMessage: 'one' })],
        ['b', exited(0)],
        ['c', printed({ systemMessage: 'two' })],
      ],
      { systemMessages: ['one', 'two'] },
    ],
  ];
  it.each(rows)('%s (%s)', (_name, event, runs, expected) => {
    expect(dispatch(event, runs)).toEqual({ ...nothing, ...expected });
  });

  it('schedules every event concurrently', () => {
    expect(ALL_EVENTS.map((event) => protocol.schedule(event, []))).toEqual(ALL_EVENTS.map(() => 'concurrent'));
  });
});
