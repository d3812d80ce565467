// CLI start-up and dry-run wall time against a bare `node -e 0` (issues 4 and 7).
import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { interleavedMedians } from './interleave.mjs';
import { ms } from './stats.mjs';

const BIN = fileURLToPath(new URL('../bin/hookctl.js', import.meta.url));
const EXAMPLE = fileURLToPath(new URL('../examples/openinterpreter-policy-gate', import.meta.url));
const RM_RF = `${EXAMPLE}/hooks-tests/payloads/rm-rf.json`;

const run = (args) => async () => {
  try {
    execFileSync(process.execPath, args, { stdio: 'ignore' });
  } catch (error) {
    if (typeof error.status !== 'number') throw error;
  }
};

export async function benchCli({ iterations = 20 } = {}) {
  const [bare, help, dryRun] = await interleavedMedians(
    [
      run(['-e', '0']),
      run([BIN, '--help']),
      run([BIN, 'dry-run', 'PreToolUse', '--cwd', EXAMPLE, '--payload', RM_RF, '--dangerously-bypass-hook-trust', '--json']),
    ],
    { iterations, warmup: 3 },
  );
  return [
    {
      name: 'CLI start-up: hookctl --help vs node -e 0',
      measured: `${ms(help)} vs ${ms(bare)}`,
      target: 'ratio ≤ 2.5',
      ratio: help / bare,
      pass: help / bare <= 2.5,
    },
    {
      name: 'CLI dry-run on the example (python hook) vs node -e 0',
      measured: `${ms(dryRun)} vs ${ms(bare)}`,
      target: 'report',
      ratio: dryRun / bare,
      pass: true,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stderr.write(
    `load average: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} (${availableParallelism()} cores)\n`,
  );
  const { printTable } = await import('./table.mjs');
  printTable(await benchCli());
}
