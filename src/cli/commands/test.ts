import type { Command } from 'commander';
import type { TestOptions } from '../actions/test.js';
import { addCommonOptions, addRewriteOrderOption } from '../common-options.js';

export function registerTest(program: Command): void {
  addRewriteOrderOption(
    addCommonOptions(
      program
        .command('test')
        .description('run fixture cases (*.case.json: event, payload, expected outcome fields) through the engine')
        .argument('[dir]', 'a directory of *.case.json files, or a project (its hooks-tests/); default: hooks-tests/ in --cwd')
        .option('--json', 'print the results as JSON'),
    ),
  )
    .addHelpText(
      'after',
      `
A case file: { "event": "PreToolUse", "payload": {…} | "payloadFile": "p.json",
               "expect": { "decision": "deny", "reason": { "$regex": "rm -rf" } } }
"expect" is a deep subset of the outcome; {"$regex": "…"} matches a string by regex.
Cases run every enabled hook of the project without trust review (the author is testing them);
hookctl says so in one warning line on stderr.
Exit status: 0 when every case passes, 1 when any fails, 2 on usage or config errors.

Without --cwd, the hooks come from the project that holds [dir] (the nearest directory with a
.claude/, .codex/, .openinterpreter/ or .octo/ hook config).

Payloads: \${PROJECT} (what \`hookctl fixture\` writes for the project's paths) and a relative "cwd"
stand for the project under test, so a copy of the project tests its own hooks. A case whose cwd
is outside the project (an absolute path of another checkout) is refused; one inside it still runs.
A failed case shows each hook's status, exit code and stderr tail.

Examples:
  $ hookctl test                                   # ./hooks-tests against this project
  $ hookctl test ci/cases --cwd .
  $ hookctl test examples/claude-guard             # repository-only: examples/ is not in the npm package
  $ hookctl test examples/openinterpreter-policy-gate   # repository-only`,
    )
    .action(async (dir: string | undefined, options: TestOptions) => {
      const { test } = await import('../actions/test.js');
      process.exitCode = await test(dir, options);
    });
}
