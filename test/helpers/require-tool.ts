import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';

/** How to get each tool a suite drives that Node, git and python3 do not bring (Debian packages; .ci/run installs them). */
const INSTALL: Readonly<Record<string, string>> = {
  'pre-commit': 'apt-get install -y pre-commit, or pipx install pre-commit',
  zsh: 'apt-get install -y zsh',
  fish: 'apt-get install -y fish',
};

/**
 * Whether `tool` is on PATH. When it is not, says so in one line (the test file, the tool, how to
 * install it) and the caller skips its suites, so `npm test` passes on a machine with only Node, git
 * and python3. HOOKCTL_REQUIRE_TOOLS=1 (CI) turns the missing tool into a failure instead.
 */
export function hasTool(tool: string, testFile: string): boolean {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0) return true;
  const how = INSTALL[tool] ?? `install ${tool}`;
  const line = `${basename(testFile)}: skipping the tests that need ${tool}, which is not installed (${how})`;
  if (process.env.HOOKCTL_REQUIRE_TOOLS === '1') {
    throw new Error(`${basename(testFile)}: ${tool} is not installed (${how}), and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
  }
  process.stderr.write(`${line}\n`);
  return false;
}
