import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { urlAllowed } from '../../../src/dialects/claude/http.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { type AgentCase, cleanup, hookCommand, hookctlSays, type Observed, runCase, unavailable } from './harness.js';

/**
 * The tables hookctl checks only against strings elsewhere (issue 22: the `if` forms, the
 * allowedHttpHookUrls patterns; matchers; the hook environment), driven through the real binary.
 * Each table shares one Claude session (its rows are independent: one hook or URL per row), and
 * each row is one case: what Claude did for it against what hookctl says for the same payload.
 */
const why = unavailable();
if (why !== null) console.log(`real-Claude table suite not run: ${why}`);

// HOOKCTL_AGENT_KEEP=1 keeps the sandboxes (dumps, result.json) for a look after a failure.
if (!process.env.HOOKCTL_AGENT_KEEP) afterAll(cleanup);

/** One Claude run per table, started by the first row that needs it. */
function shared(spec: AgentCase): () => Promise<Observed> {
  let run: Promise<Observed> | undefined;
  return () => {
    run ??= runCase(spec);
    return run;
  };
}

/** Parallel tool calls, `perTurn` to an assistant turn, then a closing text. */
function turnsOf(tools: readonly { name: string; input: Record<string, unknown> }[], perTurn: number) {
  const turns: object[] = [];
  for (let i = 0; i < tools.length; i += perTurn) turns.push({ tools: tools.slice(i, i + perTurn) });
  return { conversations: [{ turns: [...turns, { text: 'All done.' }] }] };
}

const bashCall = (command: string) => ({ name: 'Bash', input: { command, description: 'run it' } });

/** hookctl's outcome per payload, so a table asks the engine once per tool call. */
function memoOutcomes(observed: () => Promise<Observed>) {
  const cache = new Map<string, Promise<Outcome>>();
  return async (payload: Record<string, unknown>): Promise<Outcome> => {
    const key = JSON.stringify(payload);
    let outcome = cache.get(key);
    if (!outcome) {
      outcome = observed().then((o) => hookctlSays(o, String(payload.hook_event_name), payload));
      cache.set(key, outcome);
    }
    return outcome;
  };
}

const ran = (outcome: Outcome, name: string): boolean =>
  outcome.runs.some((run) => run.command.endsWith(`/hooks/${name}.sh`) && run.status !== 'skipped');

// ---------------------------------------------------------------------------------------------
// `if`: a sample of the forms of test/adversarial/if-guard.test.ts (all of them were driven once,
// docs/conformance.md). Hook `r` has `if: "Bash(rm *)"` and only records; hook `b` denies every Bash
// call, so no form ever runs.

const IF_FORMS: readonly string[] = [
  'rm -rf x',
  'rm',
  '(rm -rf x)',
  '{ rm -rf x; }',
  'f() { rm -rf x; }; f',
  '"rm" -rf x',
  "'rm' -rf x",
  '\\rm -rf x',
  "r''m -rf x",
  "$'\\x72m' -rf x",
  '/bin/rm -rf x',
  'if true; then rm -rf x; fi',
  'for f in a b; do rm "$f"; done',
  'case x in x) rm -rf y;; esac',
  '! rm x',
  'time rm x',
  'true && rm x',
  'false || rm x',
  'true; rm x',
  'true | rm x',
  'true\nrm x',
  'echo $(rm x)',
  'echo `rm x`',
  'cat <(rm x)',
  'A=1 rm x',
  '2>/dev/null rm x',
  'command rm x',
  'env rm x',
  'nice -n 5 rm x',
  'timeout 5 rm x',
  'sudo rm x',
  'xargs rm',
  "bash -c 'rm -rf x'",
  'eval "rm -rf x"',
  '$CMD -rf x',
  '$(echo rm) -rf x',
  '/bin/r* -rf x',
  'strace -f rm x',
  "echo 'unterminated",
  'echo rm -rf x',
  'grep rm file',
  'rmdir x',
  'ls # ; rm x',
  'cat <<EOF\nrm x\nEOF',
  "cat <<'EOF'\nrm x\nEOF",
  'cat <<-EOF\n\trm x\n\tEOF',
  'cat <<EOF\nhello\nEOF',
  'echo "a\nrm x"',
  'git commit -m "rm x"',
  'echo x > rm',
  'A=rm ls',
  // Where hookctl's first reading of issue 22 differed and Claude's own reading was guessed from the
  // other forms: globs, `${…}`, quoted expansions, `case`, parse failures.
  'coproc rm x',
  'r? -rf x',
  '{rm,} -rf x',
  'echo ${X}',
  'echo "$HOME"',
  'echo $HOME',
  'echo $(ls)',
  'case x in x) echo;; esac',
  'case rm in rm) echo;; esac',
  '(rm x',
  'echo "unterminated',
  'xargs -n1 rm',
];

/**
 * Forms Claude Code 2.1.328 does not run the hook for although the command runs rm (or may): a
 * wrapper, a path, `eval`, a `-c` script, a glob command word, an unterminated single quote.
 * hookctl decides as Claude (the hook does not run) and its dispatch says the guard is bypassed.
 */
const BYPASSED: ReadonlySet<string> = new Set([
  '/bin/rm -rf x',
  'time rm x',
  'command rm x',
  'env rm x',
  'nice -n 5 rm x',
  'timeout 5 rm x',
  'sudo rm x',
  "bash -c 'rm -rf x'",
  'eval "rm -rf x"',
  '/bin/r* -rf x',
  'strace -f rm x',
  "echo 'unterminated",
  'coproc rm x',
  'r? -rf x',
  'xargs -n1 rm',
]);

const ifTable = shared({
  hooks: { b: { exit: 2, stderr: 'every Bash call is refused' }, r: {} },
  files: {
    'project/.claude/settings.json': {
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              { type: 'command', command: hookCommand('b') },
              { type: 'command', command: hookCommand('r'), if: 'Bash(rm *)' },
            ],
          },
        ],
      },
    },
  },
  script: turnsOf(IF_FORMS.map(bashCall), 12),
  timeoutMs: 300_000,
});
const ifOutcome = memoOutcomes(ifTable);

describe.skipIf(why !== null)('Claude Code 2.1.328: "if": "Bash(rm *)" per command form', () => {
  for (const form of IF_FORMS) {
    it.concurrent(`PreToolUse if: ${JSON.stringify(form)}`, { timeout: 600_000 }, async () => {
      const observed = await ifTable();
      const byCommand = (name: string) =>
        observed.calls(name).filter((call) => (call.payload.tool_input as { command?: string })?.command === form);
      const refused = byCommand('b');
      expect(refused, 'the refusing hook saw the command').toHaveLength(1);
      const claudeRan = byCommand('r').length > 0;
      const outcome = await ifOutcome(refused[0]!.payload);
      const hookctlRan = ran(outcome, 'r');
      const warnsBypass = outcome.warnings.some((w) => w.includes('Claude Code does not run this hook for this form'));
      expect(hookctlRan, `hookctl runs the if-guarded hook as Claude ${claudeRan ? 'does' : 'does not'}`).toBe(claudeRan);
      expect(warnsBypass, BYPASSED.has(form) ? 'the dispatch says the guard is bypassed' : 'no bypass warning').toBe(BYPASSED.has(form));
    });
  }
});

// ---------------------------------------------------------------------------------------------
// allowedHttpHookUrls: one http hook per URL against our endpoint, the patterns in user settings;
// a URL Claude admits shows up at the endpoint.

const PORT = 18766;
const HOST = `127.0.0.1:${PORT}`;
const PATTERNS = [
  `http://${HOST}/a/*`,
  `http://localhost:*/b*`,
  `http://*.0.0.1:${PORT}/c*`,
  `http://${HOST}/d?x=*`,
  `HTTP://LOCALHOST:${PORT}/e*`,
];
/** Each URL arrives at its own path, so the endpoint tells which ones Claude requested. */
const URLS: readonly string[] = [
  `http://${HOST}/a/1`,
  `http://${HOST}/a/x/y`,
  `http://${HOST}/a`,
  `http://${HOST}/A/2`,
  `http://${HOST}/a/3?q=1`,
  `http://${HOST}//a/4`,
  `http://${HOST}/a/../z5`,
  `http://localhost:${PORT}/b1`,
  `http://localhost:${PORT}/b/2`,
  `http://${HOST}/b3`,
  `http://${HOST}/c7`,
  `http://localhost:${PORT}/c8`,
  `http://127.1:${PORT}/c9`,
  `http://${HOST}/d?x=10`,
  `http://${HOST}/d?y=11`,
  `http://${HOST}/d`,
  `http://LOCALHOST:${PORT}/e1`,
  `http://localhost:${PORT}/e2`,
  `http://${HOST}/e3`,
  `http://${HOST}/f12`,
];
/** Where a request for `url` arrives: the WHATWG parse, as both Claude and hookctl send it. */
const arrivesAt = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

const urlTable = shared({
  hookServer: { port: PORT, routes: {} },
  files: {
    'config/settings.json': { allowedHttpHookUrls: PATTERNS },
    'project/.claude/settings.json': {
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: URLS.map((url) => ({ type: 'http', url, timeout: 5 })) }] },
    },
  },
  script: turnsOf([bashCall('echo hi')], 1),
});

describe.skipIf(why !== null)('Claude Code 2.1.328: allowedHttpHookUrls per URL', () => {
  for (const url of URLS) {
    it.concurrent(`PreToolUse http hook ${url} against ${PATTERNS.length} patterns`, { timeout: 600_000 }, async () => {
      const observed = await urlTable();
      const claudeCalled = observed.session.hookRequests.some((request) => request.path === arrivesAt(url));
      expect(urlAllowed(url, PATTERNS), `hookctl allows ${url} as Claude ${claudeCalled ? 'does' : 'does not'}`).toBe(claudeCalled);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Matchers: one recording hook per matcher, four built-in tools called; hook `all` (no matcher)
// records the payload of every call for the hookctl side.

const MATCHERS: readonly string[] = [
  'Write|Edit',
  '^Bash$',
  'Read.*',
  '.*',
  'Ed',
  'Edit|Read',
  '(Bash)',
  'B.sh',
  'bash|write',
  'Write|',
  'Task',
  'mcp__.*',
  '^(Read|Write)$',
  'Bash*',
  'Notebook.*',
  ' Bash',
  'Bash,Write',
  'Bash | Write',
];
const TOOLS = [
  bashCall('echo m'),
  { name: 'Write', input: { file_path: '$ROOT/project/w.txt', content: 'x\n' } },
  { name: 'Read', input: { file_path: '$ROOT/project/w.txt' } },
  { name: 'Edit', input: { file_path: '$ROOT/project/w.txt', old_string: 'x', new_string: 'y' } },
];
const matcherHooks = Object.fromEntries(MATCHERS.map((_, i) => [`m${i}`, {}]));
const matcherTable = shared({
  hooks: { all: {}, ...matcherHooks },
  files: {
    'project/.claude/settings.json': {
      hooks: {
        PreToolUse: [
          { hooks: [{ type: 'command', command: hookCommand('all') }] },
          ...MATCHERS.map((matcher, i) => ({ matcher, hooks: [{ type: 'command', command: hookCommand(`m${i}`) }] })),
        ],
      },
    },
  },
  // One tool per turn: the Read needs the Write before it.
  script: turnsOf(TOOLS, 1),
});
const matcherOutcome = memoOutcomes(matcherTable);

describe.skipIf(why !== null)('Claude Code 2.1.328: PreToolUse matchers over four built-in tools', () => {
  MATCHERS.forEach((matcher, i) => {
    it.concurrent(`PreToolUse matcher ${JSON.stringify(matcher)}`, { timeout: 600_000 }, async () => {
      const observed = await matcherTable();
      const payloads = observed.calls('all').map((call) => call.payload);
      expect(payloads.map((p) => p.tool_name)).toEqual(TOOLS.map((t) => t.name));
      const claude: Record<string, boolean> = {};
      const hookctl: Record<string, boolean> = {};
      for (const payload of payloads) {
        const tool = String(payload.tool_name);
        claude[tool] = observed.calls(`m${i}`).some((call) => call.payload.tool_use_id === payload.tool_use_id);
        hookctl[tool] = ran(await matcherOutcome(payload), `m${i}`);
      }
      expect(hookctl, `tools matcher ${JSON.stringify(matcher)} selects`).toEqual(claude);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// The environment a hook sees: a project hook on SessionStart and PreToolUse and a plugin hook on
// PreToolUse write their CLAUDE* variables, once under Claude and once under hookctl.

/** A hook that records its stdin (under Claude) and its CLAUDE* environment (under both). */
const envHook = (name: string) =>
  [
    '#!/bin/sh',
    'side=claude; [ -n "$HOOKCTL_NO_DUMP" ] && side=hookctl',
    'input=$(cat)',
    `event=$(printf '%s' "$input" | sed -n 's/.*"hook_event_name":"\\([A-Za-z]*\\)".*/\\1/p')`,
    `[ $side = claude ] && printf '%s' "$input" > $ROOT/dumps/${name}.$event.json`,
    `env | grep -E '^CLAUDE' | sort > $ROOT/dumps/env-${name}.$side.$event`,
    'exit 0',
    '',
  ].join('\n');

const envTable = shared({
  files: {
    'hooks/e.sh': envHook('e'),
    'hooks/p.sh': envHook('p'),
    'project/.claude/settings.json': {
      hooks: {
        SessionStart: [{ hooks: [{ type: 'command', command: hookCommand('e') }] }],
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hookCommand('e') }] }],
      },
    },
    'plugin/.claude-plugin/plugin.json': { name: 'env-plugin', version: '1.0.0' },
    'plugin/hooks/hooks.json': { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hookCommand('p') }] }] } },
  },
  args: ['--plugin-dir', '$ROOT/plugin'],
  script: turnsOf([bashCall('echo env')], 1),
});

const envSides = new Map<string, Promise<Record<string, Record<string, string>>>>();

/** `<hook>.<event>` → the variables it saw, per side (hookctl dispatches the captured payload). */
function environments(): Promise<Record<string, Record<string, string>>> {
  let done = envSides.get('all');
  if (!done) {
    done = envTable().then(async (o) => {
      for (const [hook, event] of [
        ['e', 'SessionStart'],
        ['e', 'PreToolUse'],
      ] as const) {
        const payload = JSON.parse(readFileSync(join(o.root, 'dumps', `${hook}.${event}.json`), 'utf8')) as Record<string, unknown>;
        await hookctlSays(o, event, payload, event === 'PreToolUse' ? { pluginDirs: [join(o.root, 'plugin')] } : {});
      }
      const out: Record<string, Record<string, string>> = {};
      for (const file of readdirSync(join(o.root, 'dumps')).filter((f) => f.startsWith('env-'))) {
        const lines = readFileSync(join(o.root, 'dumps', file), 'utf8')
          .split('\n')
          .filter((l) => l.includes('='));
        out[file.slice(4)] = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replaceAll(o.root, '$ROOT')]),
        );
      }
      return out;
    });
    envSides.set('all', done);
  }
  return done;
}

/**
 * Variables whose value must be equal; the others (pids, per-run paths) only present on both sides;
 * `claude-only`: set by the live agent only (a socket into the running Claude, its token), which
 * hookctl does not fake (docs/claude.md, "Environment").
 */
const ENV_VARS: readonly [string, 'value' | 'present' | 'claude-only'][] = [
  ['CLAUDE_PROJECT_DIR', 'value'],
  ['CLAUDECODE', 'value'],
  ['CLAUDE_CODE_ENTRYPOINT', 'value'],
  ['CLAUDE_CODE_SESSION_ATTENDED', 'value'],
  ['CLAUDE_CODE_SESSION_ID', 'value'],
  ['CLAUDE_CODE_CHILD_SESSION', 'value'],
  ['CLAUDE_EFFORT', 'value'],
  ['CLAUDE_PLUGIN_ROOT', 'value'],
  ['CLAUDE_PID', 'present'],
  ['CLAUDE_CODE_CHILD_NOTES_DIR', 'present'],
  ['CLAUDE_ENV_FILE', 'present'],
  ['CLAUDE_PLUGIN_DATA', 'present'],
  ['CLAUDE_CODE_MESSAGING_SOCKET', 'claude-only'],
  ['CLAUDE_CODE_MESSAGING_TOKEN', 'claude-only'],
];

describe.skipIf(why !== null)('Claude Code 2.1.328: the environment a hook sees', () => {
  for (const [name, compare] of ENV_VARS) {
    it.concurrent(`env ${name} (SessionStart, PreToolUse, plugin PreToolUse)`, { timeout: 600_000 }, async () => {
      const sides = await environments();
      for (const [hook, event] of [
        ['e', 'SessionStart'],
        ['e', 'PreToolUse'],
        ['p', 'PreToolUse'],
      ]) {
        const where = `${hook} on ${event}`;
        const claude = sides[`${hook}.claude.${event}`];
        const hookctl = sides[`${hook}.hookctl.${event}`];
        expect(claude, `Claude ran ${where}`).toBeDefined();
        expect(hookctl, `hookctl ran ${where}`).toBeDefined();
        const [c, h] = [claude?.[name], hookctl?.[name]];
        if (compare === 'value') expect(h, `${name} in ${where}`).toBe(c);
        else if (compare === 'claude-only')
          expect({ claude: c !== undefined, hookctl: h !== undefined }).toEqual({ claude: true, hookctl: false });
        else expect(h !== undefined, `${name} set in ${where} (Claude: ${c ?? 'unset'}, hookctl: ${h ?? 'unset'})`).toBe(c !== undefined);
      }
    });
  }
});
