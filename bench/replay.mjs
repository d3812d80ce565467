// `hookctl replay` throughput (events/s) and peak memory on a synthetic history of 10,000 Claude Code
// sessions (issue 26). The sessions follow the transcript format Claude Code 2.1.328 writes (see
// test/fixtures/replay/claude/): bookkeeping lines the reader skips, a prompt, tool calls each in
// their own assistant record, results with their structured toolUseResult. Usage:
//   npm run build && node bench/replay.mjs [--sessions 10000] [--calls 5]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/hookctl.js', import.meta.url));
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const SESSIONS = argument('--sessions', 10_000);
const CALLS = argument('--calls', 5);
const TOOLS = ['Bash', 'Read', 'Write', 'Edit', 'Grep'];

function hasGnuTime() {
  return spawnSync('/usr/bin/time', ['-f', '%M %U %S', 'true'], { encoding: 'utf8' }).status === 0;
}

/** One synthetic session: the lines Claude Code writes for a prompt and CALLS tool calls, about 9 kB. */
function session(index, project) {
  const sessionId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const base = { isSidechain: false, userType: 'external', cwd: project, sessionId, version: '2.1.328', gitBranch: 'main' };
  const time = (second) => new Date(Date.UTC(2026, 10, 1) + index * 60_000 + second * 1000).toISOString();
  const lines = [
    { type: 'queue-operation', operation: 'enqueue', timestamp: time(0), sessionId, content: `task ${index}` },
    {
      ...base,
      parentUuid: null,
      promptId: `p-${index}`,
      type: 'user',
      message: { role: 'user', content: `please do task ${index}` },
      uuid: `u-${index}`,
      timestamp: time(1),
      permissionMode: 'default',
    },
    { ...base, type: 'attachment', attachment: { type: 'date', text: 'x'.repeat(400) }, timestamp: time(1) },
    { type: 'api-request-blob', blob: 'y'.repeat(4000) },
  ];
  for (let call = 0; call < CALLS; call++) {
    // Every 100th call is a WebFetch, the one tool the bench's hook matches.
    const tool = (index * CALLS + call) % 100 === 0 ? 'WebFetch' : TOOLS[(index + call) % TOOLS.length];
    const id = `toolu_${index}_${call}`;
    const input = tool === 'Bash' ? { command: `echo step ${call}`, description: 'step' } : { file_path: `${project}/src/f${call}.ts` };
    lines.push({
      ...base,
      type: 'assistant',
      message: {
        id: `msg_${index}_${call}`,
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id, name: tool, input }],
      },
      timestamp: time(2 + call),
    });
    lines.push({
      ...base,
      type: 'user',
      promptId: `p-${index}`,
      message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: 'ok', is_error: false }] },
      toolUseResult: { stdout: 'ok\n'.repeat(20), stderr: '', interrupted: false },
      timestamp: time(2 + call),
    });
  }
  lines.push({ type: 'last-prompt', sessionId, lastPrompt: `please do task ${index}` });
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

function measure(label, args, cwd, env = process.env) {
  const gnu = hasGnuTime();
  const command = gnu ? '/usr/bin/time' : process.execPath;
  const argv = gnu ? ['-f', '%M %U %S', process.execPath, BIN, ...args] : [BIN, ...args];
  const started = process.hrtime.bigint();
  const result = spawnSync(command, argv, { cwd, env, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`${label}: exit ${result.status}\n${result.stderr.slice(-2000)}`);
  const [maxRssKb, user, system] = gnu ? result.stderr.trim().split('\n').at(-1).split(' ').map(Number) : [Number.NaN, Number.NaN, 0];
  const cpuSeconds = user + system;
  const report = args.includes('--json') ? JSON.parse(result.stdout) : null;
  return { label, seconds, cpuSeconds, maxRssKb, report, stdoutBytes: result.stdout.length };
}

const root = mkdtempSync(join(tmpdir(), 'hookctl-replay-bench-'));
try {
  const project = join(root, 'project');
  const sessions = join(root, 'sessions');
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(sessions);
  execFileSync('git', ['init', '-q'], { cwd: project });
  const settings = { hooks: { PreToolUse: [{ matcher: 'WebFetch', hooks: [{ type: 'command', command: 'exit 0' }] }] } };
  writeFileSync(join(project, '.claude', 'settings.json'), JSON.stringify(settings));
  let bytes = 0;
  for (let index = 0; index < SESSIONS; index++) {
    const text = session(index, project);
    bytes += text.length;
    writeFileSync(join(sessions, `${String(index).padStart(5, '0')}.jsonl`), text);
  }
  process.stderr.write(
    `load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}; `,
  );
  process.stderr.write(`${SESSIONS} sessions, ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${SESSIONS * (CALLS + 1)} gate events\n`);
  const common = ['replay', sessions, '--dialect', 'claude', '--cwd', project, '--home', root, '--dangerously-bypass-hook-trust'];
  // The third run caps V8's old space at 32 MiB: it only completes if what replay keeps alive stays small
  // (without a cap V8 lets garbage pile up before collecting, so peak RSS says little about what is kept).
  const capped = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=32`.trim() };
  const rows = [
    measure('table', common, project),
    measure('--json', [...common, '--json'], project),
    measure('--json, heap capped at 32 MiB', [...common, '--json'], project, capped),
  ];
  const events = rows[1].report.events;
  for (const row of rows) {
    const rss = Number.isNaN(row.maxRssKb) ? 'n/a (no GNU time)' : `${(row.maxRssKb / 1024).toFixed(0)} MiB`;
    const rate = Math.round(events / row.seconds);
    // On a shared machine the wall time mostly measures the queue for a core; CPU time is what replay itself costs.
    const cpu = Number.isNaN(row.cpuSeconds)
      ? ''
      : `, ${row.cpuSeconds.toFixed(1)} s CPU = ${Math.round(events / row.cpuSeconds)} events/CPU-s`;
    console.log(`replay ${row.label}: ${events} events in ${row.seconds.toFixed(1)} s wall = ${rate} events/s${cpu}; peak RSS ${rss}`);
  }
  console.log(`hook runs: ${rows[1].report.results.filter((result) => result.runs.length > 0).length} (the WebFetch calls)`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
