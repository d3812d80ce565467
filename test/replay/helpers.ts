import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../fixtures/replay/', import.meta.url));

/** The project directories the fixture sessions were recorded in (by the real agents, driven by a scripted model). */
export const RECORDED = {
  claude: { main: '/work/notes/replay-rec/proj1', refused: '/work/notes/replay-rec/proj2' },
  codex: { main: '/work/notes/replay-rec/cproj1', refused: '/work/notes/replay-rec/cproj2' },
} as const;

export const CLAUDE_SESSIONS = {
  /** Prompt; parallel Bash + Read; a failing `ls /definitely/not/here`; a Write. */
  main: '53cb7d21-21ce-4b95-be8e-52b3865e378e.jsonl',
  /** Prompt; `git status`. */
  second: '961d8ccb-cde3-459c-8450-ba9429913f8c.jsonl',
  /** Prompt; `rm -rf build` refused by a PreToolUse hook; `echo ok`. */
  refused: '3dc3aceb-d57d-4afb-ad3c-c1a198d5156b.jsonl',
} as const;

export const CODEX_SESSIONS = {
  /** Prompt; two parallel exec_command calls; a failing ls; an apply_patch. */
  main: 'rollout-2026-12-02T00-53-12-01a2343d-c129-76a2-9418-1882d81d2129.jsonl',
  /** Prompt; `git status`. */
  second: 'rollout-2026-12-02T00-53-32-01a2343e-1184-7383-835a-18537f7156d6.jsonl',
  /** Prompt; `rm -rf build` blocked by a PreToolUse hook; `echo ok`. */
  refused: 'rollout-2026-12-02T01-00-39-01a23444-92ff-7870-a36c-bb7915f390e1.jsonl',
} as const;

/**
 * Copies a fixture session into `dir`, as if it had been recorded in `project`: every occurrence of
 * the recording's project path is replaced (the records hold it as cwd and in file paths).
 */
export function placeSession(dialect: 'claude' | 'codex', name: string, dir: string, project: string, from?: string): string {
  mkdirSync(dir, { recursive: true });
  const text = readFileSync(join(FIXTURES, dialect, name), 'utf8');
  const recorded =
    from ?? (name.includes('3dc3aceb') || name.includes('01a23444-92ff') ? RECORDED[dialect].refused : RECORDED[dialect].main);
  const target = join(dir, name);
  writeFileSync(target, text.split(recorded).join(project));
  return target;
}

/** Claude Code's directory for a project's transcripts. */
export function claudeSlug(project: string): string {
  return project.replace(/[^A-Za-z0-9]/g, '-');
}

export function readJsonLines(path: string): Record<string, any>[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

export function fixtureNames(dialect: 'claude' | 'codex'): string[] {
  return readdirSync(join(FIXTURES, dialect)).sort();
}

/**
 * Sessions recorded for the bypass audit (test/fixtures/replay/audit/): the same three PreToolUse Bash
 * hooks (exit 2 on `rm -rf`, exit 1 on `broken`, a JSON deny on `curl`), the calls `rm -rf build`,
 * `echo broken`, `curl -s http://example.invalid`, `echo ok`; with the project directory each was recorded in.
 */
export const AUDIT_SESSIONS = {
  claude: {
    /** Claude Code started in the project: two refusals in results, one hook_non_blocking_error attachment. */
    root: { name: '4ccb52e4-d09d-41c7-a5d5-af31076a8495.jsonl', recordedIn: '/tmp/rec-audit/c/proj' },
    /** Claude Code started in the project's `sub/`: no hook ran, every call ran. */
    sub: { name: '1de1ab72-8a65-4a01-a9d4-be15c158aaac.jsonl', recordedIn: '/tmp/rec-audit/s/proj' },
    /** A prompt a UserPromptSubmit hook refused (`exit 2` on `password`): a `system` record, no user record. */
    prompt: { name: '79ea1e7e-9fda-4f16-9114-9a691e41277b.jsonl', recordedIn: '/tmp/rec-audit/p/proj' },
  },
  codex: {
    /** A trusted project: two refusals in outputs; the failing hook left no trace. */
    trusted: {
      name: 'rollout-2026-12-05T00-11-31-01a2438a-ad6b-7c90-86b6-30ffee0edf88.jsonl',
      recordedIn: '/tmp/hookctl-codex-QQuO0r/project',
    },
    /** An untrusted project: no project hook ran (`rm -rf` was refused by Codex itself, `curl` ran). */
    untrusted: {
      name: 'rollout-2026-12-05T00-11-33-01a2438a-b67b-7853-8264-6ec208a57aa4.jsonl',
      recordedIn: '/tmp/hookctl-codex-mrETcD/project',
    },
  },
} as const;

/** Copies an audit fixture session into `dir` as if it had been recorded in `project`. */
export function placeAuditSession(
  dialect: 'claude' | 'codex',
  session: { name: string; recordedIn: string },
  dir: string,
  project: string,
): string {
  mkdirSync(dir, { recursive: true });
  const text = readFileSync(join(FIXTURES, 'audit', dialect, session.name), 'utf8');
  const target = join(dir, session.name);
  writeFileSync(target, text.split(session.recordedIn).join(project));
  return target;
}
