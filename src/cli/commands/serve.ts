import type { Command } from 'commander';
import type { ServeOptions } from '../actions/serve.js';
import { addCommonOptions, addRewriteOrderOption } from '../common-options.js';
import { httpServing } from '../dialect-facts.js';

export function registerServe(program: Command): void {
  addRewriteOrderOption(
    addCommonOptions(
      program
        .command('serve')
        .description('the engine as a long-lived JSON-RPC 2.0 server on stdin/stdout, one message per line: dispatch, list, shutdown')
        .option('--dangerously-bypass-hook-trust', 'run enabled hooks that were never trusted (prints a warning)')
        .option('--http', `${httpOwner()}: answer its http hooks on POST http://127.0.0.1:PORT/hook instead of JSON-RPC on stdio`)
        .option('--port <n>', 'with --http: the loopback port (default 47733)')
        .option('--host <addr>', 'with --http: 127.0.0.1 (default), ::1 or localhost; anything else is refused')
        .option(
          '--ensure',
          'with --http: start the server in the background unless one answers on the port, then exit (the SessionStart starter)',
        ),
    ),
  )
    .addHelpText(
      'after',
      `
Methods: "dispatch" {event, payload, matcherAliases?} → the outcome object \`hookctl run\` prints;
"list" → the \`hookctl list --json\` object; "shutdown" → null once async hooks are done, then exit 0.
End of input shuts down the same way. Requests may be pipelined; each answer carries its id.
Edits to config files, new config files and \`hookctl trust\` take effect without a restart.
Logs go to stderr. SIGINT/SIGTERM kill running hooks and exit 130/143. See docs/serve.md.

${httpParagraph()}

Example:
  $ echo '{"jsonrpc":"2.0","id":1,"method":"list"}' | hookctl serve --cwd ~/src/app`,
    )
    .action(async (options: ServeOptions) => {
      const { serve } = await import('../actions/serve.js');
      process.exitCode = await serve(options);
    });
}

/** The dialect `--http` serves, for the option's help. */
function httpOwner(): string {
  return httpServing()?.id ?? 'none';
}

function httpParagraph(): string {
  const serving = httpServing();
  if (serving === null) return '';
  return `--http serves the hooks of ${serving.servedFile} (never ${serving.agent}'s own settings) to ${serving.agent}'s
"type": "http" handlers; the secret comes from $HOOKCTL_SERVE_TOKEN. See docs/serve.md.
`;
}
