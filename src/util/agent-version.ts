import { spawn } from 'node:child_process';
import { accessSync, constants, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

/** What `<binary> --version` says on this machine: nothing (not installed), a version, or a note why it could not be read. */
export type InstalledVersion =
  | { readonly kind: 'absent' }
  | { readonly kind: 'found'; readonly version: string; readonly path: string }
  | { readonly kind: 'unreadable'; readonly path: string; readonly why: string };

export interface DetectVersionOptions {
  /** The user's environment: only its PATH is searched, never a directory a project names. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * The npm package the agent ships as: where the binary on PATH resolves into that package, its
   * package.json names the version and nothing is run (a Node CLI can take seconds to start).
   */
  readonly packageName?: string;
  /** How long `--version` may take; default 1500 ms. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 1500;
const MAX_OUTPUT = 4096;

/** The first dotted version (1.2 or 1.2.3, with an optional pre-release) in a text. */
export function parseVersion(text: string): string | null {
  return /\b(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?)\b/.exec(text)?.[1] ?? null;
}

/** Compares two dotted versions by their numbers (a pre-release counts as its release): <0, 0 or >0. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split('-')[0]!.split('.').map(Number);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The executable a shell would run for `binary`: the first regular, executable file of that name in
 * an absolute PATH directory. Relative entries (`.`, an empty entry) are skipped: they name the cwd,
 * which is the repository hookctl checks, and a repository must not choose the program it runs.
 */
export function findOnPath(binary: string, pathValue: string | undefined): string | null {
  if (binary.includes('/') || pathValue === undefined) return null;
  for (const dir of pathValue.split(':')) {
    if (!isAbsolute(dir)) continue;
    const candidate = join(dir, binary);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there, or not executable: the next directory
    }
  }
  return null;
}

/**
 * The installed version of an agent from its binary on PATH: from the package.json of the npm
 * package the binary resolves into when there is one, else from what `<binary> --version` prints
 * within a short timeout (the process group is killed after it). Never throws: a binary that hangs,
 * fails or prints no version is `unreadable`, with a reason for a one-line note.
 */
export async function detectInstalledVersion(binary: string, options: DetectVersionOptions): Promise<InstalledVersion> {
  const path = findOnPath(binary, options.env.PATH);
  if (path === null) return { kind: 'absent' };
  const packaged = options.packageName === undefined ? null : packageVersion(path, options.packageName);
  if (packaged !== null) return { kind: 'found', version: packaged, path };
  const printed = await runVersionFlag(path, options.env, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if ('why' in printed) return { kind: 'unreadable', path, why: printed.why };
  const version = parseVersion(printed.output);
  return version === null
    ? { kind: 'unreadable', path, why: `\`${binary} --version\` printed no version` }
    : { kind: 'found', version, path };
}

/** The version in the package.json of `packageName` that `path` resolves into (a bin link into node_modules), else null. */
function packageVersion(path: string, packageName: string): string | null {
  let dir: string;
  try {
    dir = dirname(realpathSync(path));
  } catch {
    return null;
  }
  for (let depth = 0; depth < 6; depth++) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (manifest.name === packageName && typeof manifest.version === 'string') return parseVersion(manifest.version);
      if (typeof manifest.name === 'string') return null; // another package's file: not the agent's
    } catch {
      // no package.json here: one level up
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
  return null;
}

/** Runs `<path> --version` in its own process group, from `/`, with at most `timeoutMs` and 4 KiB of output. */
function runVersionFlag(
  path: string,
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
): Promise<{ output: string } | { why: string }> {
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (result: { output: string } | { why: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    // detached: its own process group, so a shell script's children are stopped with it.
    const child = spawn(path, ['--version'], {
      cwd: '/',
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    // Its pipes are closed too: a grandchild that left the group must not keep hookctl waiting.
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => {
      stop();
      finish({ why: `\`${path} --version\` did not answer within ${timeoutMs} ms` });
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8').slice(0, MAX_OUTPUT - output.length);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => finish({ why: `\`${path} --version\` could not run: ${error.message}` }));
    child.on('close', (code) => {
      stop();
      finish(code === 0 || parseVersion(output) !== null ? { output } : { why: `\`${path} --version\` exited with ${code}` });
    });
  });
}
