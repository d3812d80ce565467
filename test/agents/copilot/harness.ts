import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Outcome } from '../../../src/kit/outcome.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import {
  cleanups,
  dispatchOnce,
  type HookBehaviour,
  hookScript,
  processPool,
  removeSandboxes,
  substituteRoot,
  substituteRootDeep,
  writeCaseFiles,
} from '../case-sandbox.js';

export type { HookBehaviour };
export { substituteRootDeep as subDeep };

/**
 * The real-Copilot-CLI harness: one case is a sandbox (project/ with `.github/hooks/*.json`, home/,
 * hooks/, dumps/), a scripted model (one turn per main-conversation request), and copilot flags;
 * it runs the pinned native binary once (`copilot -p … --allow-all-tools --trust-folder
 * --no-auto-update`), inside a loopback-only network namespace, through driver.mjs (which serves
 * OpenAI Chat Completions on 127.0.0.1), and returns what Copilot did plus what each hook received.
 */
const REPO = resolve(import.meta.dirname, '../../..');
export const COPILOT_BIN = join(REPO, 'node_modules', '@github', `copilot-${process.platform}-${process.arch}`, 'copilot');
const DRIVER = join(import.meta.dirname, 'driver.mjs');
/** Shared by every case: Copilot's first run unpacks ~235 MB here (warm() does it once). */
const CACHE = join(REPO, 'node_modules', '.cache', 'hookctl-copilot');

/** Why the suite cannot run here, or null when it can. */
export function unavailable(): string | null {
  if (!existsSync(COPILOT_BIN)) return 'the pinned @github/copilot is not installed for this platform (npm ci)';
  const ns = loopbackNamespace();
  return ns.available ? null : ns.reason;
}

/** Unpacks Copilot's runtime into the shared cache before cases run side by side. */
export function warm(): void {
  spawnSync(COPILOT_BIN, ['--version'], { env: { PATH: process.env.PATH, HOME: tmpdir(), XDG_CACHE_HOME: CACHE }, timeout: 120_000 });
}

export interface Turn {
  readonly tools?: readonly { readonly name: string; readonly args: Record<string, unknown> }[];
  readonly text?: string;
  /** Answer with this HTTP error status instead (a failed model call); `text` is its message. */
  readonly status?: number;
  /** The prompt tokens the answer's usage reports (Copilot compacts near COPILOT_PROVIDER_MAX_PROMPT_TOKENS). */
  readonly promptTokens?: number;
}

export interface AgentCase {
  readonly turns: readonly Turn[];
  /** Files relative to the sandbox root; objects are written as JSON; `$ROOT` is replaced by the root. */
  readonly files?: Readonly<Record<string, unknown>>;
  /** Hook scripts by name → behaviour; each becomes `hooks/<name>.sh`, run as `sh $ROOT/hooks/<name>.sh`. */
  readonly hooks?: Readonly<Record<string, HookBehaviour>>;
  readonly env?: Readonly<Record<string, string>>;
  /** Copilot's flags after `-p … --allow-all-tools --no-auto-update`; default `--trust-folder`. */
  readonly args?: readonly string[];
}

export interface SessionResult {
  readonly exitCode: number | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly requests: readonly { url: string; main: boolean; body: Record<string, unknown> }[];
}

export interface Observed {
  readonly root: string;
  readonly session: SessionResult;
  /** Every call of hook `name`, in call order. */
  calls(name: string): Record<string, unknown>[];
  /** The environment of each call of hook `name`. */
  envs(name: string): Record<string, string>[];
  /** Every message of the last main model request, as JSON text. */
  lastRequestText(): string;
  /** The arguments of the model's first tool call as the last request carries them. */
  firstToolCallArgs(): Record<string, unknown> | null;
}

/** `sh $ROOT/hooks/<name>.sh`: the command that runs a case's hook script. */
export const hookCommand = (name: string): string => `sh $ROOT/hooks/${name}.sh`;

function record(root: string, name: string): string[] {
  const dump = join(root, 'dumps');
  return [
    // Written under another name, then renamed: an async hook (notification) may still be writing when the session ends.
    `if [ -z "$HOOKCTL_NO_DUMP" ]; then n=$(date +%s%N); cat > ${dump}/${name}.$n.part; env > ${dump}/${name}.$n.env;`,
    `mv ${dump}/${name}.$n.part ${dump}/${name}.$n.json;`,
    'else cat > /dev/null; fi',
  ];
}

const slot = processPool(Number(process.env.HOOKCTL_AGENT_POOL ?? 2));

export async function runCase(spec: AgentCase): Promise<Observed> {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-copilot-'));
  cleanups.push(root);
  for (const dir of ['project/.github/hooks', 'home', 'hooks', 'dumps']) mkdirSync(join(root, dir), { recursive: true });
  spawnSync('git', ['init', '-q', join(root, 'project')]);
  for (const [name, behaviour] of Object.entries(spec.hooks ?? {}))
    writeFileSync(join(root, 'hooks', `${name}.sh`), hookScript(root, name, behaviour, record(root, name)));
  writeCaseFiles(root, Object.entries(spec.files ?? {}));
  const session = {
    copilot: COPILOT_BIN,
    cwd: join(root, 'project'),
    home: join(root, 'home'),
    cache: CACHE,
    model: 'gpt-4.1',
    prompt: 'Do the task.',
    args: spec.args ?? ['--trust-folder'],
    turns: substituteRootDeep(spec.turns, root),
    env: { ...spec.env },
    timeoutMs: 120_000,
  };
  writeFileSync(join(root, 'spec.json'), JSON.stringify(session));
  await slot(() => runDriver(root));
  return observe(root, JSON.parse(readFileSync(join(root, 'result.json'), 'utf8')) as SessionResult);
}

function runDriver(root: string): Promise<void> {
  const ns = loopbackNamespace();
  if (!ns.available) throw new Error(ns.reason);
  const [command, ...args] = ns.wrap([process.execPath, DRIVER, join(root, 'spec.json'), join(root, 'result.json')]);
  return new Promise((done, fail) => {
    const child = spawn(command as string, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`driver exited ${code}: ${stderr}`))));
  });
}

function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) env[match[1] as string] = match[2] as string;
  }
  return env;
}

function observe(root: string, session: SessionResult): Observed {
  const dumps = (name: string, ext: string) =>
    readdirSync(join(root, 'dumps'))
      .filter((f) => f.startsWith(`${name}.`) && f.endsWith(ext))
      .sort()
      .map((f) => readFileSync(join(root, 'dumps', f), 'utf8'));
  const last = () => session.requests.filter((r) => r.main).at(-1);
  return {
    root,
    session,
    calls: (name) => dumps(name, '.json').map((text) => JSON.parse(text) as Record<string, unknown>),
    envs: (name) => dumps(name, '.env').map(parseEnv),
    lastRequestText: () => JSON.stringify(last()?.body.messages ?? []),
    firstToolCallArgs() {
      const messages = (last()?.body.messages ?? []) as { tool_calls?: { function: { arguments: string } }[] }[];
      const call = messages.find((m) => Array.isArray(m.tool_calls))?.tool_calls?.[0];
      return call === undefined ? null : (JSON.parse(call.function.arguments) as Record<string, unknown>);
    },
  };
}

/**
 * What hookctl says for the payload a hook really received: the same files, HOME in the sandbox,
 * repository hooks trusted as `--trust-folder` trusts them, the hook scripts not recording again.
 */
export async function hookctlSays(
  root: string,
  event: string,
  payload: Record<string, unknown>,
  trust: { workspaceTrust: 'check' | 'assume'; env?: Record<string, string> } = { workspaceTrust: 'assume' },
): Promise<Outcome> {
  return dispatchOnce(
    {
      dialect: 'copilot',
      cwd: join(root, 'project'),
      home: join(root, 'home'),
      env: { PATH: process.env.PATH, HOME: join(root, 'home'), HOOKCTL_NO_DUMP: '1', ROOT: root, ...trust.env },
      workspaceTrust: trust.workspaceTrust,
      rewriteOrder: 'configured',
    },
    event,
    payload,
  );
}

export { substituteRoot };
export const cleanup = removeSandboxes;
