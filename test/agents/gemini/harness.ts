import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { EngineSettings } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import {
  cleanups,
  dispatchOnce,
  type HookBehaviour,
  hookScript,
  jsonStrings,
  processPool,
  removeSandboxes,
  substituteRoot,
  substituteRootDeep,
  writeCaseFiles,
} from '../case-sandbox.js';

export type { HookBehaviour };
export { substituteRootDeep as subDeep };

/**
 * The real-Gemini-CLI harness: one case is a sandbox (project/, home/ = HOME and GEMINI_CLI_HOME,
 * hooks/, dumps/), a scripted model (one turn per main-conversation request), and gemini flags; it
 * runs the pinned binary once (`gemini -p … --output-format json`), inside a loopback-only network
 * namespace, through driver.mjs (which serves the Gemini API on 127.0.0.1), and returns what Gemini
 * did plus the payload each hook really received.
 */

const REPO = resolve(import.meta.dirname, '../../..');
export const GEMINI_BIN = join(REPO, 'node_modules', '.bin', 'gemini');
const DRIVER = join(import.meta.dirname, 'driver.mjs');

/** Why the suite cannot run here, or null when it can. */
export function unavailable(): string | null {
  if (!existsSync(GEMINI_BIN)) return 'the pinned @google/gemini-cli is not installed (npm ci)';
  const ns = loopbackNamespace();
  return ns.available ? null : ns.reason;
}

/** What a scripted hook does after recording its stdin. */
/** One model turn: function calls, or text (the default after the script: "All done."). */
export interface Turn {
  readonly tools?: readonly { readonly name: string; readonly args: Record<string, unknown> }[];
  readonly text?: string;
}

export interface AgentCase {
  readonly prompt?: string;
  readonly turns: readonly Turn[];
  /**
   * Files relative to the sandbox root; objects are written as JSON; `$ROOT` is replaced by the
   * root. `home/.gemini/settings.json` is merged over the harness's own (API-key auth, no telemetry).
   */
  readonly files?: Readonly<Record<string, unknown>>;
  /** Hook scripts by name → behaviour; each becomes `hooks/<name>.sh`, run as `sh $ROOT/hooks/<name>.sh`. */
  readonly hooks?: Readonly<Record<string, HookBehaviour>>;
  /** More gemini arguments (default `--yolo`); `--model gemini-2.5-flash` always (no routing requests). */
  readonly args?: readonly string[];
  /** GEMINI_CLI_TRUST_WORKSPACE (default "true"); null leaves it unset. */
  readonly trustWorkspace?: 'true' | 'false' | null;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

export interface RecordedRequest {
  readonly url: string;
  readonly main: boolean;
  readonly body: Record<string, unknown>;
}

export interface SessionResult {
  readonly exitCode: number | null;
  readonly signal: string | null;
  readonly timedOut: boolean;
  readonly durationMs: number;
  readonly stdout: string;
  /** The `--output-format json` document (`response`, `error`, `stats`), or null. */
  readonly output: Record<string, unknown> | null;
  readonly stderr: string;
  readonly requests: readonly RecordedRequest[];
}

export interface Observed {
  readonly root: string;
  readonly session: SessionResult;
  /** Every call of hook `name`, in call order. */
  calls(name: string): Record<string, unknown>[];
  /** The environment of each call of hook `name`, in call order. */
  envs(name: string): Record<string, string>[];
  /** The environment hook `name` had when hookctl last ran it, or null. */
  hookctlEnv(name: string): Record<string, string> | null;
  /** Main-conversation model requests (streamGenerateContent). */
  mainRequests(): RecordedRequest[];
  /** The functionResponse the model got for the first call of `tool`, as JSON text, or null. */
  toolResponse(tool?: string): string | null;
  /** Every string the model saw in the last main request (contents and system instruction). */
  lastRequestText(): string;
  /** The final response text of the JSON output. */
  response(): string | null;
}

/** `sh $ROOT/hooks/<name>.sh`: the command that runs a case's hook script. */
export const hookCommand = (name: string): string => `sh $ROOT/hooks/${name}.sh`;

/** What a hook records: Gemini's calls (stdin and environment), and hookctl's environment apart. */
function record(root: string, name: string): string[] {
  const dump = join(root, 'dumps');
  return [
    `if [ -z "$HOOKCTL_NO_DUMP" ]; then n=$(date +%s%N); cat > ${dump}/${name}.$n.json; env > ${dump}/${name}.$n.env;`,
    `else cat > /dev/null; mkdir -p ${dump}/hookctl; env > ${dump}/hookctl/${name}.env; fi`,
  ];
}

/** API-key auth against our server, no telemetry, no update checks, no usage statistics. */
const BASE_USER_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};
const USER_SETTINGS = 'home/.gemini/settings.json';

/** Sets up the sandbox of a case (no Gemini yet). */
export function prepare(spec: AgentCase): string {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-gemini-'));
  for (const dir of ['project/.git', 'home/.gemini', 'hooks', 'dumps', 'tmp']) mkdirSync(join(root, dir), { recursive: true });
  for (const [name, behaviour] of Object.entries(spec.hooks ?? {}))
    writeFileSync(join(root, 'hooks', `${name}.sh`), hookScript(root, name, behaviour, record(root, name)));
  const files: Record<string, unknown> = { [USER_SETTINGS]: BASE_USER_SETTINGS, ...spec.files };
  const user = spec.files?.[USER_SETTINGS];
  if (user !== undefined && typeof user === 'object') files[USER_SETTINGS] = { ...BASE_USER_SETTINGS, ...user };
  writeCaseFiles(root, Object.entries(files));
  return root;
}

/** At most this many Gemini processes at once (2 cores; a session is ~2.5 s of CPU, mostly startup). */
const slot = processPool(Number(process.env.HOOKCTL_AGENT_POOL ?? 3));

/** The environment hookctl and Gemini share for a case (the driver adds the model URL and a dummy key). */
function caseEnv(root: string, spec: AgentCase): Record<string, string> {
  const trust = spec.trustWorkspace === undefined ? 'true' : spec.trustWorkspace;
  return {
    ROOT: root,
    TMPDIR: join(root, 'tmp'),
    ...(trust === null ? {} : { GEMINI_CLI_TRUST_WORKSPACE: trust }),
    ...spec.env,
  };
}

export async function runCase(spec: AgentCase): Promise<Observed> {
  const root = prepare(spec);
  cleanups.push(root);
  const session = {
    gemini: GEMINI_BIN,
    cwd: join(root, 'project'),
    home: join(root, 'home'),
    prompt: spec.prompt ?? 'Do the task.',
    turns: substituteRootDeep(spec.turns, root),
    args: ['--model', 'gemini-2.5-flash', ...(spec.args ?? ['--yolo'])].map((a) => substituteRoot(a, root)),
    env: caseEnv(root, spec),
    timeoutMs: spec.timeoutMs ?? 120_000,
  };
  writeFileSync(join(root, 'spec.json'), JSON.stringify(session));
  await slot(() => runDriver(root));
  const result = JSON.parse(readFileSync(join(root, 'result.json'), 'utf8')) as SessionResult;
  return observe(root, result);
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

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function parts(request: RecordedRequest | undefined): Record<string, unknown>[] {
  const contents = request?.body.contents;
  if (!Array.isArray(contents)) return [];
  return contents.flatMap((c) => (isObject(c) && Array.isArray(c.parts) ? c.parts.filter(isObject) : []));
}

/** `env` output (one NAME=value a line; a value with newlines continues on the next lines). */
function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  let last: string | null = null;
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) {
      last = match[1] as string;
      env[last] = match[2] as string;
    } else if (last !== null) env[last] += `\n${line}`;
  }
  return env;
}

function observe(root: string, session: SessionResult): Observed {
  const main = (): RecordedRequest[] => session.requests.filter((r) => r.main);
  return {
    root,
    session,
    calls(name) {
      const dir = join(root, 'dumps');
      return readdirSync(dir)
        .filter((f) => f.startsWith(`${name}.`) && f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>);
    },
    envs(name) {
      const dir = join(root, 'dumps');
      return readdirSync(dir)
        .filter((f) => f.startsWith(`${name}.`) && f.endsWith('.env'))
        .sort()
        .map((f) => parseEnv(readFileSync(join(dir, f), 'utf8')));
    },
    hookctlEnv(name) {
      const file = join(root, 'dumps', 'hookctl', `${name}.env`);
      return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : null;
    },
    mainRequests: main,
    toolResponse(tool) {
      const last = main().at(-1);
      for (const part of parts(last)) {
        const response = part.functionResponse;
        if (isObject(response) && (tool === undefined || response.name === tool)) return JSON.stringify(response.response ?? null);
      }
      return null;
    },
    lastRequestText() {
      const last = main().at(-1);
      return last === undefined ? '' : jsonStrings([last.body.contents, last.body.systemInstruction]).join('\n');
    },
    response() {
      const text = session.output?.response;
      return typeof text === 'string' ? text : null;
    },
  };
}

/**
 * What hookctl says for the payload a hook really received: the same files, the same environment
 * (HOME and GEMINI_CLI_HOME in the sandbox, the same folder-trust variable), no system settings,
 * the library engine dispatching the captured payload (hook scripts do not record again).
 */
export async function hookctlSays(
  observed: Observed,
  spec: AgentCase,
  event: string,
  payload: Record<string, unknown>,
  options: Partial<EngineSettings> = {},
): Promise<Outcome> {
  const root = observed.root;
  return dispatchOnce(
    {
      dialect: 'gemini',
      cwd: join(root, 'project'),
      home: join(root, 'home'),
      managedConfigPath: join(root, 'no-system-settings.json'),
      env: {
        PATH: process.env.PATH,
        HOME: join(root, 'home'),
        GEMINI_CLI_HOME: join(root, 'home'),
        HOOKCTL_NO_DUMP: '1',
        ...caseEnv(root, spec),
      },
      rewriteOrder: 'configured',
      ...options,
    },
    event,
    payload,
  );
}

export const cleanup = removeSandboxes;
