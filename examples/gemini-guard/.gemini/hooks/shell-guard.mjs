// BeforeTool (run_shell_command): denies `rm -rf` and force pushes; rewrites `npm install` to `npm ci`.
// Gemini CLI reads the JSON on stdout whatever the exit code; a deny's reason goes to the model.
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { tool_input: args = {} } = JSON.parse(input);
const command = String(args.command ?? '');
if (/\brm\s+-[a-z]*r[a-z]*f|\brm\s+-[a-z]*f[a-z]*r/.test(command)) {
  console.log(JSON.stringify({ decision: 'deny', reason: `refusing destructive rm -rf: ${command}` }));
} else if (/\bgit\s+push\b.*(--force\b|-f\b)/.test(command)) {
  console.log(JSON.stringify({ decision: 'deny', reason: 'force pushes are not allowed from the agent' }));
} else if (/^\s*npm\s+install\s*$/.test(command)) {
  // tool_input replaces the arguments: keep every other argument as it was.
  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: 'BeforeTool', tool_input: { ...args, command: 'npm ci' } } }));
}
