import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createEngine, type EngineOptions } from '../../src/index.js';
import type { Outcome } from '../../src/kit/outcome.js';

/**
 * What the real-agent suites (test/agents/claude, test/agents/gemini) share to lay out a case: its
 * files with `$ROOT` standing for the sandbox, the scripted hooks that record each call, a pool that
 * bounds how many agent processes run at once, and the removal of the sandboxes afterwards.
 */

/** What a scripted hook does when the agent (or hookctl) calls it. */
export interface HookBehaviour {
  readonly stdout?: unknown;
  readonly stderr?: string;
  readonly exit?: number;
  readonly sleep?: number;
  /** Act only on the first call (later calls exit 0 silently): a Stop or AfterAgent hook that blocks once. */
  readonly once?: boolean;
}

/** `$ROOT` in a case's text is the sandbox root. */
export const substituteRoot = (text: string, root: string): string => text.replaceAll('$ROOT', root);

/** substituteRoot in every string inside a JSON value, object keys included (a trustedFolders.json names paths in its keys). */
export function substituteRootDeep<T>(value: T, root: string): T {
  if (typeof value === 'string') return substituteRoot(value, root) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => substituteRootDeep(item, root)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [substituteRoot(key, root), substituteRootDeep(item, root)])) as T;
  }
  return value;
}

/** Writes a case's files below `root`: strings as they are, other values as JSON, `$ROOT` replaced in both. */
export function writeCaseFiles(root: string, files: Iterable<readonly [string, unknown]>): void {
  for (const [path, content] of files) {
    const target = join(root, path);
    mkdirSync(dirname(target), { recursive: true });
    const text = typeof content === 'string' ? substituteRoot(content, root) : JSON.stringify(substituteRootDeep(content, root), null, 2);
    writeFileSync(target, text);
  }
}

/**
 * A hook script: `record` (shell lines) saves the call the way the suite reads it back, then the
 * script acts out `behaviour`. hookctl's own dispatch of the same hook sets HOOKCTL_NO_DUMP, so a
 * `once` hook counts only the agent's calls.
 */
export function hookScript(root: string, name: string, behaviour: HookBehaviour, record: readonly string[]): string {
  const dump = join(root, 'dumps');
  const lines = ['#!/bin/sh', ...record];
  if (behaviour.once) lines.push(`if [ -z "$HOOKCTL_NO_DUMP" ]; then [ -e ${dump}/${name}.once ] && exit 0; : > ${dump}/${name}.once; fi`);
  if (behaviour.sleep !== undefined) lines.push(`sleep ${behaviour.sleep}`);
  if (behaviour.stdout !== undefined) {
    const text = substituteRoot(typeof behaviour.stdout === 'string' ? behaviour.stdout : JSON.stringify(behaviour.stdout), root);
    lines.push(`printf '%s' '${text.replace(/'/g, `'\\''`)}'`);
  }
  if (behaviour.stderr !== undefined) lines.push(`printf '%s' '${behaviour.stderr.replace(/'/g, `'\\''`)}' >&2`);
  lines.push(`exit ${behaviour.exit ?? 0}`);
  return `${lines.join('\n')}\n`;
}

/** Runs at most `size` pieces of work at once (agent processes: each is a whole CLI start). */
export function processPool(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= size) await new Promise<void>((go) => waiting.push(go));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** Every string inside a JSON value, depth first. */
export function jsonStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(jsonStrings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(jsonStrings);
  return [];
}

/** The sandboxes made so far, removed by removeSandboxes. */
export const cleanups: string[] = [];

export function removeSandboxes(): void {
  for (const dir of cleanups.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** hookctl's side of a case: one dispatch through a fresh engine, closed afterwards. */
export async function dispatchOnce(settings: EngineOptions, event: string, payload: unknown): Promise<Outcome> {
  const engine = await createEngine(settings);
  try {
    return (await engine.dispatch(event as never, payload as never)) as Outcome;
  } finally {
    await engine.close();
  }
}
