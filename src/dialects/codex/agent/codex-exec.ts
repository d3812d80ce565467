import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { processesBelow, type StillRunning } from '../../../util/process-tree.js';
import type { CodexJob, CodexRun } from './job.js';
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
      if (child.pid !== undefined) stillRunning = processesBelow(child.pid, isCodex);
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

/** Codex's own processes: its npm launcher (`node …/bin/codex.js`) and the native `codex` binary. */
const isCodex = (argv: readonly string[]): boolean => argv.some((arg, i) => i < 2 && /(^|\/)codex(\.js)?$/.test(arg));

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
