import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { payloadFor, sandboxWithHooks } from './helpers.js';
import { CRASH, makeFifo } from './kit.js';

/**
 * Issue 38.8: a linked Gemini extension (`gemini extensions link`: `.gemini-extension-install.json`
 * says `{"type": "link", "source": S}`) is read from S, which the user pointed at a checkout: a
 * repository's files. S/gemini-extension.json as a FIFO and S/hooks/hooks.json as a link to /dev/zero
 * must not hang every gemini command nor keep the administrator's deny from being answered.
 */
const DENY = `echo '{"decision":"deny","reason":"system policy: no shell"}'`;

function linkedExtension(home: string, source: string): void {
  const installDir = join(home, '.gemini', 'extensions', 'linked');
  mkdirSync(installDir, { recursive: true });
  writeFileSync(join(installDir, '.gemini-extension-install.json'), JSON.stringify({ type: 'link', source }));
}

// Each case runs the real bin: a hang shows as the 20 s timeout below, far past a normal run.
describe('a linked gemini extension cannot hang hookctl (issue 38.8)', { timeout: 60_000 }, () => {
  it('a FIFO manifest and a hooks.json linked to /dev/zero: the system deny is answered at once, and list ends', async () => {
    const { sandbox, common } = sandboxWithHooks('gemini', [{ event: 'PreToolUse', command: DENY }]);
    const source = join(sandbox.root, 'checkout');
    makeFifo(join(source, 'gemini-extension.json'));
    mkdirSync(join(source, 'hooks'), { recursive: true });
    symlinkSync('/dev/zero', join(source, 'hooks', 'hooks.json'));
    linkedExtension(sandbox.home, source);
    const payload = payloadFor('gemini', 'PreToolUse', sandbox.project, { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    const started = Date.now();
    const result = await runCli(['run', 'BeforeTool', ...common], { input: JSON.stringify(payload), timeoutMs: 20_000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.stdout).toContain('system policy: no shell');
    // Gemini skips an extension without a readable manifest; so does hookctl, and `list` says nothing hangs.
    const list = await runCli(['list', ...common], { timeoutMs: 20_000 });
    expect(list.stderr).not.toMatch(CRASH);
    expect(list.code, list.stderr).toBe(0);
  });

  it('a regular manifest beside a hooks.json linked to /dev/zero: the hooks file is a finding, never read to the end', async () => {
    const { sandbox, common } = sandboxWithHooks('gemini', [{ event: 'PreToolUse', command: DENY }]);
    const source = join(sandbox.root, 'checkout');
    mkdirSync(join(source, 'hooks'), { recursive: true });
    writeFileSync(join(source, 'gemini-extension.json'), JSON.stringify({ name: 'linked', version: '1.0.0' }));
    symlinkSync('/dev/zero', join(source, 'hooks', 'hooks.json'));
    linkedExtension(sandbox.home, source);
    const payload = payloadFor('gemini', 'PreToolUse', sandbox.project, { tool_name: 'run_shell_command', tool_input: { command: 'ls' } });
    const result = await runCli(['run', 'BeforeTool', ...common], { input: JSON.stringify(payload), timeoutMs: 20_000 });
    expect(result.stderr).not.toMatch(CRASH);
    expect(result.stdout).toContain('system policy: no shell');
    const list = await runCli(['list', ...common], { timeoutMs: 20_000 });
    expect(list.stderr).not.toMatch(CRASH);
    expect(list.stderr).toContain(
      `${join(source, 'hooks', 'hooks.json')}:1:1: error: cannot read the file: it is a character device, not a regular file`,
    );
  });

  it("a linked source's hooks.json is held to the repository's cap, not the larger one of files the user owns", async () => {
    const { sandbox, common } = sandboxWithHooks('gemini', [{ event: 'PreToolUse', command: DENY }]);
    const source = join(sandbox.root, 'checkout');
    mkdirSync(join(source, 'hooks'), { recursive: true });
    writeFileSync(join(source, 'gemini-extension.json'), JSON.stringify({ name: 'linked', version: '1.0.0' }));
    // 1.5 MiB: over the 1 MiB cap of a repository's JSON config, under the 4 MiB of an installed extension's.
    const hooks = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'true' }] }] }, padding: 'x'.repeat(1.5 * 1024 * 1024) };
    writeFileSync(join(source, 'hooks', 'hooks.json'), JSON.stringify(hooks));
    linkedExtension(sandbox.home, source);
    const list = await runCli(['list', ...common], { timeoutMs: 20_000 });
    expect(list.stderr).not.toMatch(CRASH);
    expect(list.stderr).toMatch(new RegExp(`${join(source, 'hooks', 'hooks.json')}:1:1: error: .*1 MiB`));
  });
});
