// `npm run bench`: every benchmark in one table, targets beside the measured figures.
// Timing lives here, never in unit tests. Run on an idle machine; figures vary with load.
import { benchCli } from './cli.mjs';
import { benchEngine } from './engine.mjs';
import { benchHostile } from './hostile.mjs';
import { benchLint } from './lint.mjs';
import { benchRunner } from './runner.mjs';
import { benchServe } from './serve.mjs';
import { benchStart } from './start.mjs';
import { printTable } from './table.mjs';
import { benchValidators } from './validators.mjs';

const rows = [];
for (const bench of [benchRunner, benchEngine, benchServe, benchCli, benchStart, benchLint, benchValidators, benchHostile]) {
  process.stderr.write(`running ${bench.name}…\n`);
  rows.push(...(await bench()));
}
printTable(rows);
const missed = rows.filter((row) => !row.pass);
if (missed.length > 0) process.stderr.write(`${missed.length} target(s) missed\n`);
