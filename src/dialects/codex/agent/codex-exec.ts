import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodexJob, CodexRun, StillRunning } from './job.js';
import { SCRIPTED_MODEL, scriptedModelCatalog } from './model-catalog.js';
import { isCompactionRequest, type RecordedRequest, startScriptedResponsesServer } from './responses-server.js';

const PROVIDER = 'hookctl_scripted';
const KEY_ENV = 'HOOKCTL_SCRIPTED_MODEL_KEY';
// Bounded so a runaway agent cannot exhaust the driver.
const MAX_STREAM = 16 * 1024 * 1024;
// Port 9 (discard) on loopback: nothing listens in the namespace, so a connection is refused at once.
const UNREACHABLE_PROXY = 'http://127.0.0.1:9';

/**
 * Runs the job: starts the scripted server, then `codex exec --json`, and returns what happened. Must
 * run inside a loopback-only namespace (the driver does): the agent is pointed at 127.0.0.1 only by
 * configuration, and the namespace is what makes sure nothing else is reachable.
 *
 * The provider and model are given as `-c` overrides rather than in config.toml so the caller owns the
 * user's config.toml byte for byte (its `[hooks]`, `[hooks.state]`, `[projects]` are what a case tests).
 * Analytics are off: with them on Codex waits ~5 s at exit for a metrics endpoint it cannot reach.
 */
export async function runCodexExec(job: CodexJob): Promise<CodexRun> {
  const server = await startScriptedResponsesServer(job.script, {
    subagentScript: job.subagentScript,
    usageTokens: job.usageTokens,
  });
  const catalog = join(job.codexHome, 'hookctl-scripted-models.json');
  writeFileSync(catalog, JSON.stringify(scriptedModelCatalog()));
  const overrides = [
    `model=${JSON.stringify(SCRIPTED_MODEL)}`,
    `model_provider=${JSON.stringify(PROVIDER)}`,
    `model_providers.${PROVIDER}.name="scripted"`,
    `model_providers.${PROVIDER}.base_url=${JSON.stringify(server.baseUrl)}`,
    `model_providers.${PROVIDER}.env_key=${JSON.stringify(KEY_ENV)}`,
    `model_providers.${PROVIDER}.wire_api="responses"`,
    `model_catalog_json=${JSON.stringify(catalog)}`,
    'analytics.enabled=false',
  ];
  const argv = [
    'exec',
    '--json',
    '--skip-git-repo-check',
    ...(job.bypass === false ? [] : ['--dangerously-bypass-approvals-and-sandbox']),
    '-C',
    job.cwd,
    ...overrides.flatMap((value) => ['-c', value]),
    ...(job.args ?? []),
    '--',
    job.prompt,
  ];
  const started = Date.now();
  const loopAfter = job.loopAfter ?? 0;
  const continuations = (): number => rootConversation(server.requests).length - job.script.length;
  try {
    const result = await spawnCollect(
      job.codexBin,
      argv,
      {
        ...process.env,
        ...job.env,
        CODEX_HOME: job.codexHome,
        [KEY_ENV]: 'scripted',
        // Everything but the scripted model fails at once instead of waiting out a DNS timeout (the
        // curated-plugin sync blocks the first tool call for ~5 s otherwise): a proxy that refuses.
        HTTPS_PROXY: UNREACHABLE_PROXY,
        HTTP_PROXY: UNREACHABLE_PROXY,
        https_proxy: UNREACHABLE_PROXY,
        http_proxy: UNREACHABLE_PROXY,
        NO_PROXY: '127.0.0.1,localhost',
        no_proxy: '127.0.0.1,localhost',
        RUST_LOG: job.env?.RUST_LOG ?? 'error',
      },
      job.cwd,
      job.timeoutMs ?? 60_000,
      () => loopAfter > 0 && continuations() >= loopAfter,
    );
    const looped = result.watched ? { continuations: continuations(), lastInput: lastInputText(rootConversation(server.requests)) } : null;
    const { watched: _, ...run } = result;
    return { ...run, looped, durationMs: Date.now() - started, events: parseJsonLines(result.stdout), requests: server.requests };
  } finally {
    await server.close();
  }
}

/** The root conversation's sampling requests (the first thread's; no compaction), in order. */
function rootConversation(requests: readonly RecordedRequest[]): RecordedRequest[] {
  const sampling = requests.filter((r) => r.method === 'POST' && r.path.endsWith('/responses') && !isCompactionRequest(r.body));
  const root = sampling[0]?.thread;
  return sampling.filter((r) => r.thread === root);
}

/** The text of the last input item of the last request: what Codex gave the model when the turn went on. */
function lastInputText(requests: readonly RecordedRequest[]): string {
  const input = (requests.at(-1)?.body as { input?: unknown } | null)?.input;
  const item = Array.isArray(input) ? (input.at(-1) as { content?: unknown } | undefined) : undefined;
  const content = Array.isArray(item?.content) ? item.content : [];
  return content
    .map((part) => (typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
    .join('')
    .slice(0, 2000);
}

interface Collected {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Ended because `watch` said so. */
  watched: boolean;
  stillRunning: StillRunning[];
  stdout: string;
  stderr: string;
}

function spawnCollect(
  bin: string,
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  timeoutMs: number,
  watch: () => boolean,
): Promise<Collected> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a timeout ends Codex and every hook it started.
    const child = spawn(bin, argv, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let watched = false;
    let stillRunning: StillRunning[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_STREAM) stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STREAM) stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => {
      timedOut = true;
      // What was still running says why: a hook that hangs, with its command and how long it ran.
      if (child.pid !== undefined) stillRunning = descendants(child.pid);
      killGroup(child.pid);
    }, timeoutMs);
    const watcher = setInterval(() => {
      if (watched || !watch()) return;
      watched = true;
      killGroup(child.pid);
    }, 200);
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(watcher);
      reject(error);
    });
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      clearInterval(watcher);
      killGroup(child.pid);
      resolve({ exitCode, signal, timedOut, watched, stillRunning, stdout, stderr });
    });
  });
}

/**
 * The processes below `pid` that are not Codex itself (its npm launcher and native binary), oldest
 * first, from /proc (empty elsewhere): the hooks and tool commands it was waiting on.
 */
function descendants(pid: number): StillRunning[] {
  let entries: string[];
  let uptime: number;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  } catch {
    return [];
  }
  const processes = new Map<number, { parent: number; startTicks: number; argv: string[] }>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the parenthesised name: state, ppid … starttime is field 22 (index 19 after it).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      processes.set(Number(name), { parent: Number(fields[1]), startTicks: Number(fields[19]), argv });
    } catch {
      // gone meanwhile
    }
  }
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, info] of processes)
      if (!below.has(id) && below.has(info.parent)) {
        below.add(id);
        grew = true;
      }
  }
  const isCodex = (argv: string[]): boolean => argv.some((arg, i) => i < 2 && /(^|\/)codex(\.js)?$/.test(arg));
  const found: (StillRunning & { started: number })[] = [];
  for (const id of below) {
    const info = processes.get(id);
    if (id === pid || info === undefined || isCodex(info.argv)) continue;
    // Only the outermost process of each command: its shell, not the python3 it runs.
    const parent = processes.get(info.parent);
    if (parent !== undefined && info.parent !== pid && !isCodex(parent.argv)) continue;
    const dashC = info.argv.findIndex((arg, i) => i > 0 && /^-[a-z]*c$/.test(arg));
    const command = dashC >= 0 && dashC + 1 < info.argv.length ? info.argv.slice(dashC + 1).join(' ') : info.argv.join(' ');
    const started = info.startTicks / CLOCK_TICKS;
    found.push({ command, runningMs: Math.max(0, Math.round((uptime - started) * 1000)), started });
  }
  return found.sort((a, b) => a.started - b.started).map(({ command, runningMs }) => ({ command, runningMs }));
}

/** USER_HZ: /proc's clock ticks per second, 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100;

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function parseJsonLines(text: string): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      events.push({ type: 'hookctl.unparsed', line });
    }
  }
  return events;
}
