import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The unit project runs with `isolate: false` (vitest.config.ts): the files of one worker share their
 * modules, so a suite that changes process-wide state would leak it into whichever file runs next,
 * and the loop would turn order-dependent. This test keeps every in-process suite and helper from the
 * ways to do that — module mocks, stubbed globals or environment, fake timers, a changed cwd, an
 * assigned environment variable — naming the file and line. A suite that truly needs one belongs in a
 * project that isolates (slow, cli, agents), and is listed here with where it lives.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const PROCESS_WIDE: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a module mock', pattern: /\bvi\.(mock|doMock|hoisted)\(/ },
  { name: 'a stubbed global or environment variable', pattern: /\bvi\.(stubGlobal|stubEnv)\(/ },
  { name: 'fake timers', pattern: /\bvi\.useFakeTimers\(/ },
  { name: 'a changed working directory', pattern: /\bprocess\.chdir\(/ },
  { name: 'an assigned environment variable', pattern: /\bprocess\.env(\.[A-Za-z_]\w*|\[[^\]]+\])\s*=(?!=)|\bdelete process\.env\b/ },
];

/** Files that do one of those, in a project that isolates them, each with why. */
const ALLOWED: Readonly<Record<string, string>> = {
  'test/adversarial/fuzz.test.ts': 'slow project (isolated); points TMPDIR at a temp project and restores it',
};

/** Directories whose suites run in isolated projects or in child processes, not in the unit worker. */
const OUTSIDE_UNIT = ['test/agents/', 'test/package/'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(name) ? [relative(ROOT, path)] : [];
  });
}

describe('unit suites keep no process-wide state (the unit project shares modules between files)', () => {
  it('no test or helper mocks modules, stubs globals, fakes timers, changes the cwd or assigns the environment', () => {
    const offences: string[] = [];
    for (const file of sources(join(ROOT, 'test'))) {
      if (OUTSIDE_UNIT.some((dir) => file.startsWith(dir)) || file in ALLOWED) continue;
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const { name, pattern } of PROCESS_WIDE) if (pattern.test(line)) offences.push(`${file}:${index + 1}: ${name}`);
        });
    }
    expect(offences).toEqual([]);
  });

  it('the allowed files still do what they are allowed for (a stale allowance fails)', () => {
    for (const file of Object.keys(ALLOWED)) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(
        PROCESS_WIDE.some(({ pattern }) => pattern.test(text)),
        file,
      ).toBe(true);
    }
  });
});
