import type { Command } from 'commander';
import type { TestOptions } from '../actions/test.js';
import { addCommonOptions } from '../common-options.js';

export function registerTest(program: Command): void {
  addCommonOptions(
    program
      .command('test')
      .description('run fixture cases (*.case.json: event, payload, expected outcome fields) through the engine')
      .argument('[dir]', 'directory of *.case.json files (default: hooks-tests/ in the project)')
      .option('--json', 'print the results as JSON'),
  )
    .addHelpText(
      'after',
      `
A case file: { "event": "PreToolUse", "payload": {…} | "payloadFile": "p.json",
               "expect": { "decision": "deny", "reason": { "$regex": "rm -rf" } } }
"expect" is a deep subset of the outcome; {"$regex": "…"} matches a string by regex.
Cases run every configured hook of the project without trust review (the author is testing them).
Exit status: 0 when every case passes, 1 when any fails, 2 on usage or config errors.

Example:
  $ hookctl test --cwd examples/openinterpreter-policy-gate`,
    )
    .action(async (dir: string | undefined, options: TestOptions) => {
      const { test } = await import('../actions/test.js');
      process.exitCode = await test(dir, options);
    });
}
