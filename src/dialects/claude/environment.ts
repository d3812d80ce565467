import { constants, existsSync, statSync } from 'node:fs';
import { chmod, type FileHandle, lstat, mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findGitRoot } from '../../config/find-project-root.js';
import type { DispatchContextInfo, DispatchPreparation } from '../../kit/index.js';
import { FinishWarning } from '../../engine/finish-warning.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { ENV_FILE_EVENTS } from './events.js';
import { openValueWarnings } from './open-values.js';

/** Bytes of `CLAUDE_ENV_FILE` read back into the outcome; a hook that writes more is cut off there. */
const ENV_FILE_LIMIT = 1024 * 1024;

/**
 * The per-dispatch environment of SPEC-dialects 8.7: `CLAUDE_CODE_SESSION_ID` and, when the payload
 * has it, `CLAUDE_EFFORT`; on SessionStart, Setup, CwdChanged and FileChanged a `CLAUDE_ENV_FILE`
 * (the host's `envFile`, else an empty temporary file whose content the outcome reports as
 * `dialectOutput.envFileContent` before it is deleted). Hooks run in the payload's `cwd`, or, when
 * that directory is gone, the first existing of the start directory, the project root, the home
 * and the system temp directory.
 */
export async function prepareDispatch(
  event: string,
  payload: Readonly<Record<string, unknown>>,
  info: DispatchContextInfo,
): Promise<DispatchPreparation> {
  const env: Record<string, string> = {};
  if (typeof payload.session_id === 'string') {
    env.CLAUDE_CODE_SESSION_ID = payload.session_id;
    env.CLAUDE_CODE_CHILD_NOTES_DIR = childNotesPath(info.projectDir, payload.session_id);
  }
  if (isPlainObject(payload.effort) && typeof payload.effort.level === 'string') env.CLAUDE_EFFORT = payload.effort.level;
  const cwd = existingCwd(info);
  const warnings = openValueWarnings(payload);
  const noted = warnings.length === 0 ? {} : { warnings };
  if (!ENV_FILE_EVENTS.has(event)) return { env, cwd, finish: async () => null, ...noted };
  let created: string | null = null;
  let path = info.envFile;
  if (path === undefined) {
    created = await mkdtemp(join(tmpdir(), 'hookctl-env-'));
    path = join(created, 'claude-env.sh');
    await writeFile(path, '', { mode: 0o600 });
  }
  env.CLAUDE_ENV_FILE = path;
  const file = path;
  return {
    env,
    cwd,
    ...noted,
    finish: async () => {
      const output = { envFileContent: await readEnvFile(file) };
      // A cleanup failure costs a warning, never the outcome or the content read.
      const problem = created === null ? null : await removeTempDir(created);
      if (problem !== null) throw new FinishWarning(problem, output);
      return output;
    },
  };
}

/**
 * Removes the temporary directory whatever a hook left in it (issue 22, hole 6): a read-only
 * subdirectory makes the first removal fail with EACCES, so every directory below is made
 * writable by its owner (symlinks are never followed) and removal is tried again. What still
 * fails is returned as one sentence, which the dispatch reports as a warning.
 */
async function removeTempDir(dir: string): Promise<string | null> {
  try {
    await rm(dir, { recursive: true, force: true });
    return null;
  } catch {
    // Retried below once the tree is writable.
  }
  await makeWritable(dir);
  try {
    await rm(dir, { recursive: true, force: true });
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return `could not remove the CLAUDE_ENV_FILE directory ${dir} (${code}); remove it by hand`;
  }
}

async function makeWritable(dir: string): Promise<void> {
  const pending = [dir];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    try {
      if (!(await lstat(next)).isDirectory()) continue;
      await chmod(next, 0o700);
      for (const entry of await readdir(next)) pending.push(join(next, entry));
    } catch {
      // Not ours to change (or gone): the second removal says what is left.
    }
  }
}

/**
 * Where Claude Code 2.1.328 tells hooks a child session notes its start:
 * `<tmp>/claude-<uid>/<project dir, every non-alphanumeric character a dash>/<session>/started`.
 * Only the path is given (Claude creates nothing there before a child writes).
 */
export function childNotesPath(projectDir: string, sessionId: string): string {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const slug = projectDir.replace(/[^A-Za-z0-9]/g, '-');
  return join(tmpdir(), `claude-${uid}`, slug, sessionId.replace(/[^A-Za-z0-9-]/g, '-'), 'started');
}

/** The file's first ENV_FILE_LIMIT bytes; null when it is not a regular file (a hook may have replaced it). */
async function readEnvFile(path: string): Promise<string | null> {
  let handle: FileHandle | undefined;
  try {
    // Non-blocking: a hook may have replaced the file with a FIFO, which must not stall the dispatch.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!(await handle.stat()).isFile()) return null;
    const buffer = Buffer.alloc(ENV_FILE_LIMIT);
    const { bytesRead } = await handle.read(buffer, 0, ENV_FILE_LIMIT, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

function existingCwd(info: DispatchContextInfo): string {
  const isDir = (dir: string | null) => dir !== null && existsSync(dir) && statSync(dir).isDirectory();
  for (const dir of [info.cwd, info.projectDir, findGitRoot(info.projectDir), info.home]) if (isDir(dir)) return dir!;
  return tmpdir();
}
