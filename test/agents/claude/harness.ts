import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ModelScript, RecordedRequest } from '../../../src/dialects/claude/agent/model-server.js';
import type { HookServerSpec, SessionResult, SessionSpec } from '../../../src/dialects/claude/agent/session.js';
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

/**
 * The real-Claude-Code harness: one case is a sandbox (project/, home/, config/ = CLAUDE_CONFIG_DIR,
 * hooks/, dumps/), a model script, and the claude flags; it runs the pinned binary once, inside a
 * loopback-only network namespace, through the driver in dist/ (so `npm run build` first), and
 * returns what Claude did plus the payloads and environment each hook really received.
 */

const REPO = resolve(import.meta.dirname, '../../..');
/**
 * The pinned CLI, or another Claude Code binary to hold the same cases against (HOOKCTL_CLAUDE_BIN:
 * the Agent SDK platform package's newer native binary, node_modules/@anthropic-ai/claude-agent-sdk-linux-x64/claude).
 */
export const CLAUDE_BIN = process.env.HOOKCTL_CLAUDE_BIN
  ? resolve(process.env.HOOKCTL_CLAUDE_BIN)
  : join(REPO, 'node_modules', '.bin', 'claude');
/** The Agent SDK's own Claude Code (its platform package): a newer release, for the events only it has. */
export const SDK_CLAUDE_BIN = join(REPO, 'node_modules', '@anthropic-ai', `claude-agent-sdk-${process.platform}-${process.arch}`, 'claude');
const DRIVER = join(REPO, 'dist', 'src', 'dialects', 'claude', 'agent', 'driver.js');

/** Why the suite cannot run here, or null when it can. */
export function unavailable(): string | null {
  if (!existsSync(CLAUDE_BIN)) return 'the pinned @anthropic-ai/claude-code is not installed (npm ci)';
  if (!existsSync(DRIVER)) return 'dist/ is not built (npm run build)';
  const ns = loopbackNamespace();
  return ns.available ? null : ns.reason;
}

/** What a scripted hook does after recording its stdin and environment. */
export interface AgentCase {
  readonly prompt?: string;
  readonly script: ModelScript;
  /** Files relative to the sandbox root; objects are written as JSON; `$ROOT` is replaced by the root. */
  readonly files?: Readonly<Record<string, unknown>>;
  /** Hook scripts by name → behaviour; each becomes `hooks/<name>.sh`, run as `sh $ROOT/hooks/<name>.sh`. */
  readonly hooks?: Readonly<Record<string, HookBehaviour>>;
  /** More claude arguments; `$ROOT` is replaced. */
  readonly args?: readonly string[];
  /** Adds --dangerously-skip-permissions (default true). */
  readonly skipPermissions?: boolean;
  readonly hookServer?: HookServerSpec;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /**
   * Managed settings files (name → content, as `files`): written to `managed/` for hookctl and shown
   * to Claude as `/etc/claude-code/<name>` through an overlay over /etc in a private mount namespace.
   */
  readonly managed?: Readonly<Record<string, unknown>>;
  /**
   * A session run first in the same sandbox (same project, config and hooks): the case's own run
   * can then `--continue` it (a conversation to compact, say).
   */
  readonly before?: { readonly prompt: string; readonly script: ModelScript };
  /** Stream-json lines for Claude's stdin before the prompt (the SDK's control requests); `$ROOT` is replaced. */
  readonly input?: readonly unknown[];
  /** Run the Agent SDK's own binary (SDK_CLAUDE_BIN) instead of the pinned CLI's. */
  readonly sdkBinary?: boolean;
  /**
   * A first-party session (the one where Claude reads server-managed settings): the scripted model
   * is served as https://api.anthropic.com — the name resolved to 127.0.0.1 by an /etc/hosts in the
   * /etc overlay (as `managed`), a certificate from a CA made with openssl for this case alone and
   * trusted through NODE_EXTRA_CA_CERTS — with no ANTHROPIC_BASE_URL. Its settings server answers
   * 503, so Claude keeps to the cached `config/remote-settings.json`.
   */
  readonly firstParty?: boolean;
}

export interface HookCall {
  readonly payload: Record<string, unknown>;
  readonly env: Record<string, string>;
}

export interface Observed {
  readonly root: string;
  readonly session: SessionResult;
  /** Every call of hook `name`, in call order. */
  calls(name: string): HookCall[];
  /** The tool_result the model got for a tool_use id (default: the first tool of the first turn). */
  toolResult(id?: string): { text: string; isError: boolean } | null;
  /** hook_response events Claude printed (--include-hook-events). */
  hookResponses(): Record<string, unknown>[];
  /** The final `result` event. */
  result(): Record<string, unknown> | null;
  /** Main-conversation model requests (those carrying tools). */
  mainRequests(): RecordedRequest[];
  /** All text the model saw in the last main request (messages only). */
  lastRequestText(): string;
}

/** `sh $ROOT/hooks/<name>.sh`: the command that runs a case's hook script. */
export const hookCommand = (name: string): string => `sh $ROOT/hooks/${name}.sh`;

/** What a hook records: Claude's calls (stdin and the CLAUDE_/HOOKCTL_ environment). */
function record(root: string, name: string): string[] {
  const dump = join(root, 'dumps');
  return [
    `if [ -z "$HOOKCTL_NO_DUMP" ]; then n=$(date +%s%N); cat > ${dump}/${name}.$n.json;`,
    `  env | grep -E '^(CLAUDE|HOOKCTL_)' > ${dump}/${name}.$n.env; fi`,
  ];
}

/** Sets up the sandbox of a case (no Claude yet): used by runCase and by the hookctl side. */
export function prepare(spec: AgentCase): string {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-claude-'));
  for (const dir of ['project/.git', 'home', 'config', 'hooks', 'dumps', 'tmp']) mkdirSync(join(root, dir), { recursive: true });
  for (const [name, behaviour] of Object.entries(spec.hooks ?? {}))
    writeFileSync(join(root, 'hooks', `${name}.sh`), hookScript(root, name, behaviour, record(root, name)));
  const managed = Object.entries(spec.managed ?? {}).flatMap(([name, content]) => [
    [`managed/${name}`, content],
    [`etc-up/claude-code/${name}`, content],
  ]);
  writeCaseFiles(root, [...Object.entries(spec.files ?? {}), ...managed] as [string, unknown][]);
  if (spec.firstParty) firstPartyTls(root);
  return root;
}

/** A throwaway CA and a certificate for api.anthropic.com signed by it (`<root>/tls/`), and the hosts file that points the name here. */
function firstPartyTls(root: string): void {
  const dir = join(root, 'tls');
  mkdirSync(dir, { recursive: true });
  const openssl = (...args: string[]) => {
    const result = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8', timeout: 30_000 });
    if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr || result.error?.message}`);
  };
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '1',
    '-subj',
    '/CN=hookctl case CA',
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=api.anthropic.com');
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=DNS:api.anthropic.com\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '1',
    '-extfile',
    'ext.cnf',
  );
  mkdirSync(join(root, 'etc-up'), { recursive: true });
  writeFileSync(join(root, 'etc-up', 'hosts'), '127.0.0.1 localhost api.anthropic.com\n::1 localhost\n');
}

/** At most this many Claude processes at once (2 cores; each is mostly waiting on I/O and hooks). */
const slot = processPool(Number(process.env.HOOKCTL_AGENT_POOL ?? 5));

export async function runCase(spec: AgentCase): Promise<Observed> {
  const root = prepare(spec);
  cleanups.push(root);
  const args = (spec.args ?? []).map((a) => substituteRoot(a, root));
  if (spec.skipPermissions !== false) args.push('--dangerously-skip-permissions');
  const session: SessionSpec = {
    claude: spec.sdkBinary ? SDK_CLAUDE_BIN : CLAUDE_BIN,
    cwd: join(root, 'project'),
    home: join(root, 'home'),
    configDir: join(root, 'config'),
    prompt: spec.prompt ?? 'Do the task.',
    script: substituteRootDeep(spec.script, root) as ModelScript,
    args,
    env: {
      ROOT: root,
      TMPDIR: join(root, 'tmp'),
      ...(spec.firstParty ? { NODE_EXTRA_CA_CERTS: join(root, 'tls', 'ca.pem') } : {}),
      ...spec.env,
    },
    ...(spec.hookServer ? { hookServer: spec.hookServer } : {}),
    ...(spec.input ? { input: substituteRootDeep(spec.input, root) } : {}),
    ...(spec.firstParty ? { firstParty: { key: join(root, 'tls', 'server.key'), cert: join(root, 'tls', 'server.pem') } } : {}),
    timeoutMs: spec.timeoutMs ?? 180_000,
  };
  if (spec.before !== undefined) {
    const first = { ...session, prompt: spec.before.prompt, script: substituteRootDeep(spec.before.script, root) };
    writeFileSync(join(root, 'before.json'), JSON.stringify(first));
  }
  writeFileSync(join(root, 'spec.json'), JSON.stringify(session));
  await slot(async () => {
    const overlay = spec.managed !== undefined || spec.firstParty === true;
    if (spec.before !== undefined) await runDriver(root, overlay, 'before');
    await runDriver(root, overlay);
  });
  const result = JSON.parse(readFileSync(join(root, 'result.json'), 'utf8')) as SessionResult;
  return observe(root, result);
}

/**
 * Whether /etc can be overlaid in a private mount namespace (root, overlayfs): how a case shows
 * Claude its managed settings at the fixed path /etc/claude-code without touching the host's /etc.
 * The reason in one line when not.
 */
export function managedUnavailable(): string | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'managed-settings cases need root (an overlay over /etc)';
  const probe = mkdtempSync(join(tmpdir(), 'hookctl-overlay-'));
  try {
    for (const dir of ['etc-up/claude-code', 'etc-work']) mkdirSync(join(probe, dir), { recursive: true });
    const result = spawnSync('unshare', ['-m', '--', 'sh', '-c', `${overlayEtc(probe)} && test -d /etc/claude-code`], { timeout: 10_000 });
    return result.status === 0
      ? null
      : `no overlay over /etc in a mount namespace here (${
          String(result.stderr ?? '')
            .trim()
            .split('\n')[0] || `exit ${result.status}`
        })`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** The mount that puts `<root>/etc-up` over /etc (writes land in `<root>/etc-up`, never the host's /etc). */
const overlayEtc = (root: string): string =>
  `mount -t overlay hookctl-etc -o lowerdir=/etc,upperdir=${root}/etc-up,workdir=${root}/etc-work /etc`;

function runDriver(root: string, managed = false, name = 'spec'): Promise<void> {
  const ns = loopbackNamespace();
  if (!ns.available) throw new Error(ns.reason);
  const result = name === 'spec' ? 'result.json' : `${name}-result.json`;
  let argv = ns.wrap([process.execPath, DRIVER, join(root, `${name}.json`), join(root, result)]);
  if (managed) {
    // The mount namespace around the network one: the overlay is private to this Claude.
    mkdirSync(join(root, 'etc-work'), { recursive: true });
    argv = ['unshare', '-m', '--', 'sh', '-c', `${overlayEtc(root)} && exec "$@"`, 'sh', ...argv];
  }
  const [command, ...args] = argv;
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

function observe(root: string, session: SessionResult): Observed {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  const events = session.events.filter(isObject);
  const main = (): RecordedRequest[] =>
    session.requests.filter((r) => isObject(r.body) && Array.isArray(r.body.toolNames) && r.body.toolNames.length > 0);
  const messagesOf = (r: RecordedRequest | undefined): unknown[] =>
    isObject(r?.body) && Array.isArray(r.body.messages) ? r.body.messages : [];
  return {
    root,
    session,
    calls(name) {
      const dir = join(root, 'dumps');
      return readdirSync(dir)
        .filter((f) => f.startsWith(`${name}.`) && f.endsWith('.json'))
        .sort()
        .map((f) => ({
          payload: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>,
          env: Object.fromEntries(
            readFileSync(join(dir, f.replace(/\.json$/, '.env')), 'utf8')
              .split('\n')
              .filter((l) => l.includes('='))
              .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
          ),
        }));
    },
    toolResult(id = 'toolu_0_0') {
      for (const request of [...main()].reverse()) {
        for (const message of messagesOf(request)) {
          if (!isObject(message) || !Array.isArray(message.content)) continue;
          for (const block of message.content) {
            if (isObject(block) && block.type === 'tool_result' && block.tool_use_id === id) {
              const text = Array.isArray(block.content)
                ? block.content.map((b) => (isObject(b) && typeof b.text === 'string' ? b.text : '')).join('')
                : String(block.content ?? '');
              return { text, isError: block.is_error === true };
            }
          }
        }
      }
      return null;
    },
    hookResponses: () => events.filter((e) => e.type === 'system' && e.subtype === 'hook_response'),
    result: () => events.find((e) => e.type === 'result') ?? null,
    mainRequests: main,
    lastRequestText() {
      const last = main().at(-1);
      if (!isObject(last?.body)) return '';
      return jsonStrings([messagesOf(last), last.body.system]).join('\n');
    },
  };
}

/**
 * What hookctl says for the payload a hook really received: the same settings layout, the same
 * flags, the library engine, dispatched with the captured payload (hook scripts do not dump again).
 */
export async function hookctlSays(
  observed: Observed,
  event: string,
  payload: Record<string, unknown>,
  options: Partial<EngineSettings> = {},
  firstParty = false,
): Promise<Outcome> {
  const root = observed.root;
  // A first-party session has no ANTHROPIC_BASE_URL: hookctl reads the cached server-managed settings as Claude did.
  const baseUrl = firstParty ? {} : { ANTHROPIC_BASE_URL: 'http://127.0.0.1/' };
  return dispatchOnce(
    {
      dialect: 'claude',
      cwd: join(root, 'project'),
      home: join(root, 'home'),
      managedConfigPath: join(root, 'managed', 'managed-settings.json'),
      // ANTHROPIC_BASE_URL: Claude ran against the scripted model's loopback URL (session.ts), which
      // decides whether it reads server-managed settings (remote-settings.ts).
      env: {
        PATH: process.env.PATH,
        HOME: join(root, 'home'),
        CLAUDE_CONFIG_DIR: join(root, 'config'),
        ...baseUrl,
        ROOT: root,
        HOOKCTL_NO_DUMP: '1',
      },
      workspaceTrust: 'assume',
      bypassTrust: true,
      rewriteOrder: 'configured',
      ...options,
    },
    event,
    payload,
  );
}

export const cleanup = removeSandboxes;
