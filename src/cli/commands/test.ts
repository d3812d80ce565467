import type { Command } from 'commander';
import type { TestOptions } from '../actions/test.js';
import { UsageError } from '../../errors.js';
import { manifestOf } from '../../dialects/registry.js';
import { addAgentVersionOption } from '../agent-notes.js';
import { addCommonOptions, addRewriteOrderOption } from '../common-options.js';
import { agentDialects, agentName, configDirsList } from '../dialect-facts.js';

/** The agents `--agent` drives, by dialect id, and their executables. */
const AGENTS = agentDialects();
const AGENT_BINARIES = AGENTS.map((id) => `\`${manifestOf(id).cli!.agentBinary}\``).join(' / ');

/** Examples of the example projects and of `--agent`, from the registry's manifests. */
function testExamples(): string {
  const [first, second] = AGENTS;
  return [
    '  $ hookctl test                                   # ./hooks-tests against this project',
    '  $ hookctl test ci/cases --cwd .',
    ...(first ? [`${`  $ hookctl test examples/${first}-guard`.padEnd(51)}# repository-only: examples/ is not in the npm package`] : []),
    ...(first ? [`${`  $ hookctl test --agent ${first}`.padEnd(51)}# ./hooks-tests inside ${agentName(first)}`] : []),
    ...(second ? [`  $ hookctl test --agent ${second} --format junit > agent-tests.xml`] : []),
  ].join('\n');
}

const PATHS_HELP =
  'a directory of *.case.json files, or a project (its hooks-tests/); default: hooks-tests/ in --cwd; with --agent also case files';

export function registerTest(program: Command): void {
  addAgentVersionOption(
    addRewriteOrderOption(
      addCommonOptions(
        program
          .command('test')
          .description('run fixture cases (*.case.json: event, payload, expected outcome fields) through the engine')
          .argument('[paths...]', PATHS_HELP)
          .option('--json', 'print the results as JSON')
          .option(
            '--agent <agent>',
            `run each case inside the real agent (${AGENTS.join(', ')}) against a scripted model, and compare with hookctl`,
          )
          .option('--agent-bin <path>', `the agent executable (default: ${AGENT_BINARIES} on PATH)`)
          .option('--jobs <n>', 'with --agent: cases run at once (default: the number of cores)')
          .option('--format <format>', 'with --agent: text (default), json or junit')
          .option('--with-user-settings', "with --agent: also copy the user's own agent settings layer into the sandbox"),
      ),
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

With --agent, each case runs in the real agent: a scripted model on 127.0.0.1 makes it fire the
case's event with the case's tool call, prompt or final message, in a copy of the project (project
and local settings layers) with a private HOME, jailed where the system allows it: an unprivileged
uid without capabilities in its own user, PID and loopback-only network namespaces, every mount
read-only but the sandbox, and nothing of the run left when it ends. No model, no tokens, no
credentials: settings that could send the agent to another endpoint (an API key helper, a base URL,
a model provider…) or start an MCP server are refused. The
expectation is checked against what the agent did; where hookctl predicts otherwise the case is
reported as a disagreement ("the agent did X, hookctl predicts Y") with a command that re-runs it.
Exit status: 1 when a case fails, disagrees or errs; cases the agent cannot be made to fire are
listed as not run.

Without --cwd, the hooks come from the project that holds [dir] (the nearest directory with a
${configDirsList()} hook config).

Payloads: \${PROJECT} (what \`hookctl fixture\` writes for the project's paths) and a relative "cwd"
stand for the project under test, so a copy of the project tests its own hooks. A case whose cwd
is outside the project (an absolute path of another checkout) is refused; one inside it still runs.
A failed case shows each hook's status, exit code and stderr tail.

Examples:
${testExamples()}`,
    )
    .action(async (paths: string[], options: TestOptions & { agent?: string }) => {
      if (options.agent !== undefined) {
        const { testAgent } = await import('../actions/test-agent.js');
        process.exitCode = await testAgent(paths, { ...options, agent: options.agent });
        return;
      }
      if (paths.length > 1) throw new UsageError(`give one directory of cases (got ${paths.length} paths); case files are for --agent`);
      const { test } = await import('../actions/test.js');
      process.exitCode = await test(paths[0], options);
    });
}
