import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Five projects, so the fast loop can run alone (`npm run test:unit`) while `npm test` runs them all:
 * - agents: the suites that drive a real agent (its binary, or its own hook runtime in a driver);
 *   most of `npm test`'s time.
 * - package: the packed tarball, the release commit, the action and pre-commit, run as a user gets them.
 * - cli: every other suite that runs the built `hookctl` (bin/hookctl.js over dist/), so it needs
 *   `npm run build` first.
 * - slow: in-process suites that run every event's scaffold through real interpreters and checkers, and the fuzzers.
 * - unit: the rest, in-process through the library; no build needed.
 * Which project a file is in is listed here, or (cli) read from the file: a test that imports
 * test/helpers/run-cli.ts or names bin/hookctl.js or dist/, itself or in a test helper it imports,
 * runs the binary.
 */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** Directories whose every test belongs to one project, and single files that belong to agents. */
const AGENT_DIRECTORIES = [
  'test/agents/',
  // Gemini CLI's own hook runtime (@google/gemini-cli-core), run in a driver process beside hookctl.
  'test/conformance/gemini/',
];
const AGENT_FILES = [
  // `hookctl test --agent` starts Claude Code and Codex in the jail.
  'test/adversarial/agent-jail.test.ts',
  'test/adversarial/agent-jail-refusals.test.ts',
  'test/examples/examples-agent.test.ts',
  // Reads the hook facts out of the installed Claude Code binaries (npm run agents:derive -- --check).
  'test/contracts/claude-agent-facts.test.ts',
];
/**
 * In-process suites too slow for the fast loop: every event's scaffold and its examples run through
 * node, python3, sh, tsc and pyright; generated Python compiled; the fuzzers.
 */
const SLOW_FILES = [
  'test/scaffold/scaffold.test.ts',
  'test/scaffold/every-event.test.ts',
  'test/scaffold/strict-checkers.test.ts',
  'test/scaffold/claude-examples-engine.test.ts',
  'test/codegen/emit-python.test.ts',
  'test/adversarial/fuzz.test.ts',
];
const PACKAGE_DIRECTORY = 'test/package/';
const CLI_DIRECTORY = 'test/cli/';
/** What a test file, or a test module it imports, says when it runs the built binary. */
const RUNS_BINARY = /helpers\/run-cli\.js|bin\/hookctl\.js|['"`/]dist\//;
const LOCAL_IMPORT = /from\s+['"](\.{1,2}\/[^'"]+)\.js['"]/g;

const tests = (directory: string): string => `${directory}**/*.test.ts`;
const AGENTS = [...AGENT_DIRECTORIES.map(tests), ...AGENT_FILES];
const PACKAGE = [tests(PACKAGE_DIRECTORY)];

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return testFiles(path);
    return path.endsWith('.test.ts') ? [relative(ROOT, path)] : [];
  });
}

/** Whether the test module at `file` runs the binary, itself or through a helper under test/ it imports. */
function runsBinary(file: string, seen: Set<string> = new Set()): boolean {
  if (seen.has(file) || !file.startsWith('test/') || !existsSync(join(ROOT, file))) return false;
  seen.add(file);
  const text = readFileSync(join(ROOT, file), 'utf8');
  return (
    RUNS_BINARY.test(text) ||
    [...text.matchAll(LOCAL_IMPORT)].some((match) => runsBinary(relative(ROOT, join(ROOT, dirname(file), `${match[1]}.ts`)), seen))
  );
}

/** Test files placed by neither list that run the binary: they belong to cli. */
const binaryTests = testFiles(join(ROOT, 'test')).filter(
  (file) =>
    ![...AGENT_DIRECTORIES, PACKAGE_DIRECTORY, CLI_DIRECTORY].some((directory) => file.startsWith(directory)) &&
    ![...AGENT_FILES, ...SLOW_FILES].includes(file) &&
    runsBinary(file),
);
const CLI = [tests(CLI_DIRECTORY), ...binaryTests];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // CLI end-to-end tests spawn real processes; two cores, so keep the pool small.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          // In-process suites share a worker's module graph instead of re-importing it per file: the
          // import phase was most of the loop's time (27 s of 119 s on a loaded two-core machine; 6 s
          // without isolation). Safe because these suites keep no module-level state between files:
          // each builds its own engine, box and environment; test/architecture/unit-isolation.test.ts
          // keeps them from reaching for process-wide mocks.
          isolate: false,
          exclude: [...configDefaults.exclude, ...AGENTS, ...PACKAGE, ...CLI, ...SLOW_FILES],
        },
      },
      { extends: true, test: { name: 'cli', include: CLI } },
      { extends: true, test: { name: 'slow', include: SLOW_FILES } },
      { extends: true, test: { name: 'agents', include: AGENTS } },
      { extends: true, test: { name: 'package', include: PACKAGE } },
    ],
  },
});
