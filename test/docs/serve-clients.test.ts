import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

const DOC = fileURLToPath(new URL('../../docs/serve.md', import.meta.url));

/** The fenced block of `language` in the section headed `heading` of docs/serve.md. */
function codeBlock(heading: string, language: string): string {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.slice(doc.indexOf(`\n## ${heading}`));
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section);
  if (!match) throw new Error(`no ${language} block under "${heading}" in docs/serve.md`);
  return match[1]!;
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('docs/serve.md', () => {
  it('the Python client, as printed, talks to a real `hookctl serve`: pipelined requests, a deny, shutdown', async () => {
    const sandbox = makeTempProject();
    const denial = { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'refusing destructive rm -rf' };
    const deny = `echo '${JSON.stringify({ hookSpecificOutput: denial })}'`;
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: `grep -q 'rm -rf' && ${deny}; true` }] }] },
      }),
    );
    const client = join(sandbox.root, 'hookctl_client.py');
    writeFileSync(client, codeBlock('A Python client', 'python'));
    const result = await run(
      'python3',
      [
        client,
        sandbox.project,
        '--dialect',
        'openinterpreter',
        '--home',
        sandbox.home,
        '--managed',
        join(sandbox.root, 'none.toml'),
        '--dangerously-bypass-hook-trust',
      ],
      { HOOKCTL: `"${process.execPath}" "${BIN}"` },
    );
    expect(result.stdout).toBe('rm -rf /: denied: refusing destructive rm -rf\nls: allowed\n1 hook(s) configured\n');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('hookctl serve: ready: openinterpreter hooks of');
  });
});
