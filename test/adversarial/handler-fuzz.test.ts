import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, BIN } from '../helpers/run-cli.js';
import { command, group, hooks, makeClaudeSandbox, type ClaudeSandbox } from '../dialects/claude/sandbox.js';
import { fuzzScale, fuzzSeed, Random } from './fuzz-kit.js';
import { CRASH } from './kit.js';

/**
 * A seeded property test (issue 22, hole 1): whatever a repository writes in a handler is at worst
 * that handler's failed run. Each case puts random handlers of every type — bad headers, URLs,
 * timeouts, argv, env names, unicode, huge values — beside a managed exit-2 deny, and dispatches
 * through the library, `hookctl run`, `hookctl dry-run` and `hookctl serve`: the deny always
 * survives and nothing is an internal error. HOOKCTL_FUZZ_SEED replays a seed, HOOKCTL_FUZZ_SCALE
 * runs longer; a failure prints the seed, the case and its handlers. Commands come from a fixed
 * harmless set (the fuzzer varies every other field), and URLs only ever name loopback.
 *
 * Spread, not volume: case i leads with handler type i mod 6, so every type leads equally often in
 * the library cases, and each CLI case (one `run`, one `dry-run`, one `serve` session) holds one
 * handler of every type besides its random ones: one process per surface covers every type. Library
 * cases run four at a time and the slow endpoint answers in 0.7 s (timeouts of 0.2 and 0.5 s still
 * expire before it, 1 s and more do not): the waits overlap instead of adding up.
 */

const SEED = fuzzSeed();
const SCALE = fuzzScale();
const LIBRARY_CASES = Math.round(36 * SCALE);
const CLI_CASES = Math.max(1, Math.round(SCALE));
/** Library cases dispatched at once: their handlers mostly wait (sleeps, the slow endpoint, timeouts). */
const LIBRARY_CONCURRENCY = 4;
/** Every handler type, and a missing and an unknown one: the type case i leads with is TYPES[i % 6]. */
const TYPES: readonly unknown[] = ['command', 'http', 'prompt', 'agent', 'mcp_tool', undefined];

const MANAGED_DENY = hooks({ PreToolUse: [group([command("echo 'managed policy: no' >&2; exit 2")], 'Bash')] });

let server: Server;
let port = 0;
beforeAll(async () => {
  // Answers like a hostile endpoint would: allow, garbage, huge, slow, redirect, error.
  server = createServer((request, response) => {
    request.resume();
    const roll = (request.url ?? '').length % 6;
    if (roll === 0) response.writeHead(200).end('{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}');
    else if (roll === 1) response.writeHead(200).end('not json \u0000');
    else if (roll === 2) response.writeHead(200).end('x'.repeat(256 * 1024));
    else if (roll === 3) setTimeout(() => response.writeHead(200).end('{}'), 700).unref();
    else if (roll === 4) response.writeHead(302, { location: 'http://127.0.0.1:9/' }).end();
    else response.writeHead(500).end('{"decision":"approve"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const WEIRD = [
  '',
  ' ',
  '\r\n',
  '\n',
  '\u0000',
  '\u2603',
  '\u{1F600}',
  '\uD800',
  '\u202E',
  'é',
  '\t',
  ':',
  '"',
  "'",
  '$X',
  '${NL}',
  '%0d%0a',
];
const pickWeird = (random: Random) => (random.chance(0.1) ? 'x'.repeat(random.pick([1_000, 70_000])) : random.pick(WEIRD));
const text = (random: Random, base: string) => {
  let out = base;
  for (let i = random.int(3); i > 0; i--) out = random.chance(0.5) ? out + pickWeird(random) : pickWeird(random) + out;
  return out;
};

/**
 * Most cases are well typed, so the settings file loads and its hooks really run (a value the schema
 * rejects drops the whole file, SPEC-dialects 8.1); the rest are typed anyhow.
 */
let wellTyped = true;
const typed = <T>(random: Random, good: () => T, bad: readonly unknown[]): T | unknown =>
  wellTyped || random.chance(0.6) ? good() : random.pick(bad);

function randomUrl(random: Random): unknown {
  const base = `http://127.0.0.1:${port}`;
  return random.pick<() => unknown>([
    () => `${base}/${text(random, 'hook')}`,
    () => `http://user:pass@127.0.0.1:${port}/x`,
    () => `http://localhost:1@127.0.0.1:${port}/x`,
    () => 'http://127.0.0.1:9/closed',
    () => `http://[::1]:${port}/x`,
    () => 'http://',
    () => 'http://[::1',
    () => 'ftp://127.0.0.1/x',
    () => 'file:///etc/passwd',
    () => 'javascript:alert(1)',
    () => `${base}/${'p'.repeat(random.pick([10, 100_000]))}`,
    () => `http://127.0.0.1:${port}\r\nX: y/`,
    () => `http://127.0.0.1:99999/x`,
    () => text(random, ''),
    () => typed(random, () => `${base}/x`, [random.int(100), null]),
  ])();
}

function randomHeaders(random: Random): unknown {
  if (!wellTyped && random.chance(0.2)) return random.pick(['x', 1, null, [], ['a']]);
  const headers: Record<string, unknown> = {};
  for (let i = random.int(4); i > 0; i--) {
    const name = random.chance(0.5)
      ? random.pick(['Authorization', 'X-Token', 'content-length', 'Host', 'transfer-encoding'])
      : text(random, 'X-H');
    headers[name] = typed(random, () => text(random, random.pick(['v', '$NL', '${UNI}', '$HUGE', 'Bearer $TOKEN'])), [1, null, {}]);
  }
  return headers;
}

function randomTimeout(random: Random): unknown {
  return typed(random, () => random.pick([0.2, 0.5, 1, 1e308, Number.MAX_SAFE_INTEGER, 0.0001, 1.5]), [0, -1, '5', null, true]);
}

const SAFE_COMMANDS = ['true', 'exit 1', 'exit 2', 'echo {}', `printf '%s' '{"decision":"approve"}'`, 'echo "\u2603"', 'sleep 0.2', ''];
const SAFE_ARGS = [['true'], ['sh', '-c', 'exit 1'], ['/nonexistent/bin'], ['echo', '\u2603\u0000'], ['echo', 'x'.repeat(200_000)], []];

/**
 * One random handler with fields of its type and of others, well- or ill-typed; of type `lead` when
 * given (undefined: a handler without a type), else of any type (or none).
 */
function randomHandler(random: Random, lead?: { type: unknown }): Record<string, unknown> {
  const type = lead
    ? lead.type
    : typed(random, () => random.pick(['command', 'http', 'http', 'http', 'prompt', 'agent', 'mcp_tool']), ['bogus', undefined, 1]);
  const handler: Record<string, unknown> = type === undefined ? {} : { type };
  const field = (name: string, value: () => unknown, chance = 0.6) => {
    if (random.chance(chance)) handler[name] = value();
  };
  if (type === 'command') field('command', () => random.pick(SAFE_COMMANDS), wellTyped ? 1 : 0.9);
  field('args', () => typed(random, () => random.pick(SAFE_ARGS), [[1, 2], 'true', null]), type === 'command' ? 0.2 : 0.05);
  field('shell', () => typed(random, () => random.pick(['bash', 'powershell']), ['zsh', '', 1]), 0.1);
  field('url', () => randomUrl(random), type === 'http' ? 1 : 0.05);
  field('headers', () => randomHeaders(random), type === 'http' ? 0.7 : 0.05);
  field(
    'allowedEnvVars',
    () => typed(random, () => random.pick([['NL', 'UNI', 'HUGE', 'TOKEN'], ['NL'], [''], ['A B', '\n'], []]), ['NL', [1]]),
    0.5,
  );
  field('timeout', () => randomTimeout(random), 0.5);
  field('async', () => typed(random, () => random.chance(0.5), ['yes']), 0.15);
  field('statusMessage', () => text(random, 'checking'), 0.2);
  field('if', () => random.pick(['Bash(rm *)', 'Bash', 'Bash(', '((((', 'Read(//x/**)', text(random, 'Bash(x)')]), 0.2);
  field('prompt', () => text(random, 'is this ok?'), type === 'prompt' || type === 'agent' ? 0.9 : 0.05);
  field('server', () => text(random, 'srv'), type === 'mcp_tool' ? 0.9 : 0.05);
  field('tool', () => text(random, 'tool'), type === 'mcp_tool' ? 0.9 : 0.05);
  field(text(random, 'unknownKey'), () => pickWeird(random), 0.1);
  return handler;
}

/** Case `index`'s settings: led by a handler of TYPES[index % 6], or (`everyType`) holding one of each type. */
function randomSettings(random: Random, index: number, everyType = false): Record<string, unknown> {
  wellTyped = random.chance(0.8);
  const leads = everyType ? TYPES : [TYPES[index % TYPES.length]];
  const handlers = [
    ...leads.map((type) => randomHandler(random, { type })),
    ...Array.from({ length: random.int(everyType ? 2 : 4) }, () => randomHandler(random)),
  ];
  const settings: Record<string, unknown> = { hooks: { PreToolUse: [group(handlers, random.pick(['Bash', '*', 'Ba.*', undefined]))] } };
  if (random.chance(0.3)) settings.httpHookAllowedEnvVars = random.pick([['NL'], ['UNI', 'HUGE'], [], ['TOKEN']]);
  if (random.chance(0.3)) settings.allowedHttpHookUrls = random.pick([['http://127.0.0.1:*'], ['http://localhost:*'], ['*'], []]);
  return settings;
}

const ENV = { PATH: process.env.PATH, NL: 'a\r\nInjected: 1', UNI: 'snow \u2603', HUGE: 'h'.repeat(100_000), TOKEN: 'tok\u007fen' };

function setup(random: Random, index: number, everyType = false): { box: ClaudeSandbox; settings: Record<string, unknown> } {
  const box = makeClaudeSandbox();
  box.settings('etc/claude-code/managed-settings.json', MANAGED_DENY);
  const settings = randomSettings(random, index, everyType);
  box.settings('home/.claude/settings.json', settings);
  box.trustWorkspace();
  return { box, settings };
}

const where = (surface: string, index: number, settings: unknown) =>
  `seed ${SEED} (replay: HOOKCTL_FUZZ_SEED=${SEED}), ${surface} case ${index}; settings ${JSON.stringify(settings).slice(0, 2_000)}`;

describe(`fuzz: hostile handler configs beside a managed deny (issue 22, seed ${SEED})`, () => {
  it(`library: ${LIBRARY_CASES} cases, the deny always decides, no run fails internally`, { timeout: 240_000 }, async () => {
    const random = new Random(SEED ^ 0x22);
    // Settings are drawn in case order before anything runs, so a seed names the same cases at any concurrency.
    const cases = Array.from({ length: LIBRARY_CASES }, (_, index) => ({ index, ...setup(random, index) }));
    for (let start = 0; start < cases.length; start += LIBRARY_CONCURRENCY) {
      await Promise.all(cases.slice(start, start + LIBRARY_CONCURRENCY).map(libraryCase));
    }
  });

  it(`hookctl run and dry-run: ${CLI_CASES * 2} cases, every handler type in each, the deny is the outcome`, {
    timeout: 240_000,
  }, async () => {
    const random = new Random(SEED ^ 0x23);
    const surfaces = Array.from({ length: CLI_CASES }, (_, index) => [
      { surface: 'run', args: ['run', 'PreToolUse'], ...setup(random, index, true) },
      { surface: 'dry-run', args: ['dry-run', 'PreToolUse', '--json', '--payload', '-'], ...setup(random, index, true) },
    ]).flat();
    await Promise.all(
      surfaces.map(async ({ surface, args, box, settings }, index) => {
        const flags = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
        const result = await runCli([...args, ...flags], { input: JSON.stringify(await box.payload('PreToolUse')), env: ENV });
        const context = where(surface, index, settings);
        expect(result.stderr, context).not.toMatch(CRASH);
        expect(JSON.parse(result.stdout), context).toMatchObject({ decision: 'deny', reason: 'managed policy: no' });
      }),
    );
  });

  it(`hookctl serve: ${CLI_CASES} session${CLI_CASES === 1 ? '' : 's'} of 3 dispatches, every handler type, each answered with the deny`, {
    timeout: 240_000,
  }, async () => {
    const random = new Random(SEED ^ 0x24);
    for (let index = 0; index < CLI_CASES; index++) {
      const { box, settings } = setup(random, index, true);
      const flags = ['--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed];
      const payload = await box.payload('PreToolUse');
      const requests = [1, 2, 3].map((id) =>
        JSON.stringify({ jsonrpc: '2.0', id, method: 'dispatch', params: { event: 'PreToolUse', payload } }),
      );
      const { stdout, stderr } = await serveOnce(flags, `${requests.join('\n')}\n`);
      const context = where('serve', index, settings);
      expect(stderr, context).not.toMatch(CRASH);
      const answers = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(answers, context).toHaveLength(3);
      for (const answer of answers) expect(answer, context).toMatchObject({ result: { decision: 'deny', reason: 'managed policy: no' } });
    }
  });
});

/** One library case: its engine dispatches PreToolUse; the managed deny decides and no run failed internally. */
async function libraryCase({ index, box, settings }: { index: number; box: ClaudeSandbox; settings: unknown }): Promise<void> {
  const context = where('library', index, settings);
  try {
    const engine = await box.engine({ env: ENV });
    try {
      const outcome = await engine.dispatch('PreToolUse', (await box.payload('PreToolUse')) as never);
      expect(outcome, `${context}; outcome ${JSON.stringify(outcome).slice(0, 3000)}`).toMatchObject({
        decision: 'deny',
        reason: 'managed policy: no',
        blocked: true,
      });
      for (const run of outcome.runs) expect(run.error ?? '', context).not.toMatch(CRASH);
    } finally {
      await engine.close();
    }
  } catch (error) {
    throw new Error(`${context}\n  threw ${(error as Error).stack ?? String(error)}`);
  }
}

function serveOnce(flags: string[], input: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', ...flags], { env: { ...ENV, NO_COLOR: '1' }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ stdout, stderr });
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
