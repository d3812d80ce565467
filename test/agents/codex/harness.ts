import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CodexJob, type CodexRun, runCodexAgent } from '../../../src/dialects/codex/agent/index.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { type CliResult, runCli } from '../../helpers/run-cli.js';

const NPM_BIN = fileURLToPath(new URL('../../../node_modules/.bin/codex', import.meta.url));

/**
 * The pinned package's native binary, run directly: the npm launcher (`bin/codex.js`) only finds it
 * and sets two variables, but on Node 20 (no `process.execve`) it stays alive as a second process
 * for every run. Falls back to the launcher where the layout differs.
 */
function nativeCodex(): string {
  const triple = process.arch === 'arm64' ? 'aarch64-unknown-linux-musl' : 'x86_64-unknown-linux-musl';
  const pkg = `codex-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
  const native = fileURLToPath(new URL(`../../../node_modules/@openai/${pkg}/vendor/${triple}/bin/codex`, import.meta.url));
  return process.platform === 'linux' && existsSync(native) ? native : NPM_BIN;
}

export const CODEX_BIN = nativeCodex();
/** What the launcher would have set (its package root and who installed it). */
const LAUNCHER_ENV: Record<string, string> =
  CODEX_BIN === NPM_BIN
    ? {}
    : {
        CODEX_MANAGED_PACKAGE_ROOT: fileURLToPath(new URL('../../../node_modules/@openai/codex', import.meta.url)),
        CODEX_MANAGED_BY_NPM: '1',
      };

/**
 * Features no case is about, switched off to save CPU (about a quarter of a run on two cores): the
 * login-shell environment snapshot, and the plugin and app catalogues whose startup sync tries git
 * and two HTTP fallbacks. A case about plugins turns `features.plugins` back on (a later `-c` wins).
 */
export const LEAN_FLAGS: readonly string[] = [
  'features.shell_snapshot=false',
  'features.plugins=false',
  'features.apps=false',
  'features.remote_plugin=false',
].flatMap((flag) => ['-c', flag]);

/** Why the real-Codex suite cannot run here, or null when it can. */
export function codexUnavailable(): string | null {
  const namespace = loopbackNamespace();
  if (!namespace.available) return namespace.reason;
  try {
    execFileSync(CODEX_BIN, ['--version'], { stdio: 'ignore', timeout: 20_000 });
  } catch {
    return `the pinned codex binary does not run (${CODEX_BIN})`;
  }
  return null;
}

/** What a scripted hook does when it runs: it always records its stdin first. */
export interface HookBehaviour {
  readonly stdout?: string | Record<string, unknown>;
  readonly stderr?: string;
  readonly exit?: number;
  readonly sleep?: number;
  /** Answer only the first time (a Stop hook that blocks once, as a real one checks stop_hook_active). */
  readonly once?: boolean;
}

export interface Invocation {
  readonly hook: string;
  readonly payload: Record<string, unknown>;
}

/**
 * One case's world: a CODEX_HOME, a project that is a real git repository, scripted hooks that record
 * every payload they get, and the two programs under comparison — `codex exec` (in a loopback-only
 * namespace) and `hookctl` — pointed at the same files.
 */
export interface CodexWorld {
  readonly root: string;
  readonly home: string;
  readonly codexHome: string;
  readonly project: string;
  put(relative: string, content: string | Record<string, unknown>): string;
  hook(name: string, behaviour?: HookBehaviour): string;
  invocations(hook?: string): Invocation[];
  hookctl(...args: string[]): Promise<CliResult>;
  /** `hookctl` with stdin. */
  hookctlInput(input: string, ...args: string[]): Promise<CliResult>;
  /** `hookctl --dialect <dialect>` with stdin (the shared Codex runtime in another dialect). */
  hookctlAs(dialect: string, input: string, ...args: string[]): Promise<CliResult>;
  /** Forgets that `once` hooks answered. */
  resetOnce(): void;
  trustAll(...extra: string[]): Promise<CliResult>;
  codex(job: Partial<CodexJob> & Pick<CodexJob, 'script'>): Promise<CodexRun>;
  dispose(): void;
}

const shQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;

export function codexWorld(options: { git?: 'repo' | 'empty-dir' | 'none' } = {}): CodexWorld {
  const root = mkdtempSync(join(tmpdir(), 'hookctl-codex-'));
  const home = join(root, 'home');
  const codexHome = join(home, '.codex');
  const project = join(root, 'project');
  const logDir = join(root, 'log');
  for (const dir of [codexHome, project, logDir, join(root, 'hooks')]) mkdirSync(dir, { recursive: true });
  const git = options.git ?? 'repo';
  if (git === 'repo') execFileSync('git', ['init', '-q', project]);
  if (git === 'empty-dir') mkdirSync(join(project, '.git'));
  const env = { HOME: home, CODEX_HOME: codexHome };
  const world: CodexWorld = {
    root,
    home,
    codexHome,
    project,
    put(relative, content) {
      const path = join(root, relative);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
      return path;
    },
    hook(name, behaviour = {}) {
      const stdout = typeof behaviour.stdout === 'object' ? JSON.stringify(behaviour.stdout) : (behaviour.stdout ?? '');
      const marker = join(root, `once-${name}`);
      const lines = [
        `cat > "${logDir}/$(date +%s%N)-${name}-$$.json"`,
        behaviour.once ? `[ -e ${marker} ] && exit 0; : > ${marker}` : '',
        behaviour.sleep ? `sleep ${behaviour.sleep}` : '',
        stdout ? `printf '%s' ${shQuote(stdout)}` : '',
        behaviour.stderr ? `printf '%s' ${shQuote(behaviour.stderr)} >&2` : '',
        `exit ${behaviour.exit ?? 0}`,
      ];
      const path = world.put(`hooks/${name}.sh`, `${lines.filter(Boolean).join('\n')}\n`);
      return `sh ${path}`;
    },
    invocations(hook) {
      return readdirSync(logDir)
        .sort()
        .map((file) => ({ hook: file.replace(/^\d+-/, '').replace(/-\d+\.json$/, ''), file }))
        .filter((entry) => hook === undefined || entry.hook === hook)
        .map((entry) => ({ hook: entry.hook, payload: JSON.parse(readFileSync(join(logDir, entry.file), 'utf8') || '{}') }));
    },
    hookctl: (...args) => world.hookctlInput('', ...args),
    hookctlInput: (input, ...args) => world.hookctlAs('codex', input, ...args),
    hookctlAs: (dialect, input, ...args) =>
      runCli([...args, '--dialect', dialect, ...(args.includes('--cwd') ? [] : ['--cwd', project]), '--home', home], {
        env,
        cwd: project,
        input,
        // Many Codex processes share two cores here: give hookctl room rather than fail on load.
        timeoutMs: 120_000,
      }),
    resetOnce() {
      for (const file of readdirSync(root)) if (file.startsWith('once-')) rmSync(join(root, file));
    },
    trustAll: (...extra) => world.hookctl('trust', '--yes', ...extra),
    async codex(job) {
      const result = await runCodexAgent({
        codexBin: CODEX_BIN,
        codexHome,
        cwd: project,
        prompt: 'scripted',
        ...job,
        args: [...LEAN_FLAGS, ...(job.args ?? [])],
        env: { HOME: home, ...LAUNCHER_ENV, ...job.env },
      });
      if (!result.ran) throw new Error(result.reason);
      return result.run;
    },
    dispose: () => rmSync(root, { recursive: true, force: true }),
  };
  return world;
}
