import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../../src/dialects/claude/if-condition.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from './sandbox.js';

const scope = { event: 'PreToolUse', anchor: '/repo', cwd: '/repo', home: '/home/me' };
const test = (rule: string, toolName: string, toolInput: Record<string, unknown>, event = 'PreToolUse') =>
  compileCondition(rule, { ...scope, event }).test({ tool_name: toolName, tool_input: toolInput });
const bash = (rule: string, commandText: string) => test(rule, 'Bash', { command: commandText });

describe('claude `if` on Bash (cc hooks, Bash `if` matching table)', () => {
  // The documentation's table, row by row (hooks.md, "Bash if matching").
  it.each([
    ['Bash(git *)', 'FOO=bar git push', true],
    ['Bash(git *)', 'npm test && git push', true],
    ['Bash(rm *)', 'echo $(rm -rf /)', true],
    ['Bash(rm *)', 'echo $(date)', false],
  ])('%s on %j runs: %s', (rule, commandText, expected) => {
    expect(bash(rule, commandText)).toBe(expected);
  });

  it('Bash(git push *) on `echo $(date)` runs anyway: the pattern names more than a command and the command substitutes', () => {
    expect(bash('Bash(git push *)', 'echo $(date)')).toMatch(/cannot be decided; running the hook anyway/);
  });

  const bypassed = {
    unselected: expect.stringMatching(
      /Claude Code does not run this hook for this form, so it did not run; a guard on this rule is bypassed/,
    ),
  };
  it.each([
    ['Bash(rm *)', 'rm -rf build', true],
    ['Bash(rm *)', 'rm', true],
    ['Bash(rm *)', 'rmdir x', false],
    ['Bash(rm*)', 'rmdir x', true],
    ['Bash(ls:*)', 'ls -la', true],
    ['Bash(npm run build)', 'npm run build', true],
    ['Bash(npm run build)', 'npm run build --watch', false],
    ['Bash(* install)', 'npm install', true],
    ['Bash(git * main)', 'git push origin main', true],
    ['Bash(rm *)', 'cd /tmp; rm -rf x', true],
    ['Bash(rm *)', 'ls | rm -rf x', true],
    ['Bash(rm *)', 'ls || rm x', true],
    ['Bash(rm *)', 'sleep 1 & rm x', true],
    ['Bash(rm *)', 'ls\nrm x', true],
    ['Bash(rm *)', 'echo `rm x`', true],
    ['Bash(rm *)', 'echo "$(rm x)"', true],
    ['Bash(rm *)', 'echo "rm x"', false],
    ['Bash(rm *)', "echo 'a && rm x'", false],
    ['Bash(rm *)', 'ls 2>&1 | grep x', false],
    // Not run, as in Claude Code 2.1.328 (it follows no wrapper but a bare xargs), with a bypass warning.
    ['Bash(rm *)', 'timeout 30 rm x', bypassed],
    ['Bash(rm *)', 'nice -n 5 rm x', bypassed],
    ['Bash(rm *)', 'xargs rm', true],
    ['Bash(rm *)', 'A=1 B=2 rm x', true],
    ['Bash(run_in_background:true)', 'sleep 100', false],
    ['Bash', 'anything at all', true],
    ['Bash(*)', 'anything at all', true],
  ])('%s on %j: %s', (rule, commandText, expected) => {
    expect(bash(rule, commandText)).toEqual(expected);
  });

  it.each([['echo "unterminated'], ['cat <<EOF\n$(rm x)\nEOF'], ['echo $(rm x']])(
    'fails open on a command it cannot parse, as Claude Code does: %j',
    (commandText) => {
      expect(bash('Bash(git *)', commandText)).toMatch(/could not parse the command .*; running the hook anyway, as Claude Code does/);
    },
  );

  it('does not run for an unterminated single quote, as Claude Code, and says the guard is bypassed', () => {
    expect(bash('Bash(git *)', "echo 'unterminated")).toEqual({
      unselected: expect.stringMatching(/unterminated single quote.*Claude Code does not run this hook for this form/),
    });
  });

  it('matches a parameter of the tool input (cc perm: Bash(run_in_background:true))', () => {
    expect(test('Bash(run_in_background:true)', 'Bash', { command: 'sleep 1', run_in_background: true })).toBe(true);
    expect(test('Bash(run_in_background:true)', 'Bash', { command: 'sleep 1' })).toBe(false);
    expect(test('Agent(model:opus)', 'Agent', { model: 'opus', prompt: 'x' })).toBe(true);
    expect(test('Agent(isolation:*)', 'Agent', { prompt: 'x' })).toBe(false);
  });

  it('compares the tool name exactly; a Bash rule never matches a PowerShell call', () => {
    expect(test('Bash(rm *)', 'PowerShell', { command: 'rm x' })).toBe(false);
    expect(test('PowerShell(Remove-Item *)', 'PowerShell', { command: 'Remove-Item -Recurse x' })).toBe(true);
    expect(test('PowerShell(Remove-Item *)', 'PowerShell', { command: 'Get-Date; Remove-Item x' })).toBe(true);
  });

  it('takes tool-name globs and bare MCP servers', () => {
    expect(test('mcp__*', 'mcp__memory__save', {})).toBe(true);
    expect(test('mcp__memory', 'mcp__memory__save', {})).toBe(true);
    expect(test('mcp__memory', 'mcp__memoryx__save', {})).toBe(false);
    expect(test('mcp__github__get_*', 'mcp__github__get_issue', {})).toBe(true);
  });

  it('is linear in the command whatever the pattern: many stars on a long command answer at once', () => {
    const started = performance.now();
    expect(bash(`Bash(${'a*'.repeat(30)}b)`, 'a'.repeat(20_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('claude `if` on file tools (cc perm §Read and Edit)', () => {
  const file = (rule: string, path: string, tool = 'Edit') => test(rule, tool, { file_path: path });
  it.each([
    ['Edit(*.ts)', '/repo/src/app.ts', true],
    ['Edit(*.ts)', '/repo/app.js', false],
    ['Edit(*.ts)', '/elsewhere/app.ts', false],
    ['Edit(src/**)', '/repo/src/app.ts', true],
    ['Edit(src/**)', '/repo/vendor/pkg/src/lib.js', false],
    ['Edit(**/src/**)', '/repo/vendor/pkg/src/lib.js', true],
    ['Edit(/src/**)', '/repo/src/a/b.ts', true],
    ['Edit(//tmp/scratch.txt)', '/tmp/scratch.txt', true],
    ['Edit(~/.zshrc)', '/home/me/.zshrc', true],
    ['Read(.env)', '/repo/config/.env', true],
    ['Read(./secrets/**)', '/repo/secrets/key', true],
    ['Edit(src/*.ts)', '/repo/src/a/b.ts', false],
    ['Edit(src/?.ts)', '/repo/src/a.ts', true],
    ['Write(docs/**)', '/repo/docs/guide.md', true],
  ])('%s on %s: %s', (rule, path, expected) => {
    expect(file(rule, path, rule.slice(0, rule.indexOf('(')))).toBe(expected);
  });

  it('a relative file_path is taken from the cwd', () => {
    expect(file('Edit(src/**)', 'src/app.ts')).toBe(true);
  });
});

describe('claude `if`: the rest', () => {
  it('WebFetch(domain:…) compares host names (cc perm §WebFetch)', () => {
    expect(test('WebFetch(domain:*.example.com)', 'WebFetch', { url: 'https://a.b.example.com/x' })).toBe(true);
    expect(test('WebFetch(domain:*.example.com)', 'WebFetch', { url: 'https://example.com/x' })).toBe(false);
    expect(test('WebFetch(domain:example.*)', 'WebFetch', { url: 'https://example.evil.com/' })).toBe(false);
    expect(test('WebFetch(domain:Example.COM.)', 'WebFetch', { url: 'https://example.com./' })).toBe(true);
  });

  it('fails open with a warning on a rule it cannot evaluate', () => {
    expect(test('Glob(src)', 'Glob', { pattern: '*' })).toMatch(/not one hookctl can evaluate; running the hook anyway/);
  });

  it('never runs on an event that is not a tool event (cc hooks §Common fields)', () => {
    expect(compileCondition('Bash', { ...scope, event: 'Stop' }).test({ tool_name: 'Bash' })).toBe(false);
  });
});

describe('claude `if` through the engine', () => {
  it('a handler whose `if` does not match is not a run; a fail-open one runs with a warning', async () => {
    const box = makeClaudeSandbox();
    box.settings(
      'project/.claude/settings.json',
      hooks({
        PreToolUse: [
          group(
            [
              command('echo rm-guard', { if: 'Bash(rm *)' }),
              command('echo git-guard', { if: 'Bash(git *)' }),
              command('echo push-guard', { if: 'Bash(git push *)' }),
            ],
            'Bash',
          ),
        ],
      }),
    );
    const outcome = await dispatchOnce(box, 'PreToolUse', { tool_name: 'Bash', tool_input: { command: 'echo $(rm -rf /tmp/x)' } });
    expect(outcome.runs.map((run) => run.command)).toEqual(['echo rm-guard', 'echo push-guard']);
    expect(outcome.warnings).toContainEqual(
      expect.stringMatching(/^hook project:\.claude\/settings\.json:PreToolUse:0:2: the command has \$\(…\)/),
    );
  });

  it('`/path` patterns anchor at the settings file’s scope: user settings at ~/.claude', async () => {
    const box = makeClaudeSandbox();
    box.settings('home/.claude/settings.json', hooks({ PreToolUse: [group([command('echo user-anchored', { if: 'Edit(/notes/**)' })])] }));
    const inUserDir = await dispatchOnce(box, 'PreToolUse', {
      tool_name: 'Edit',
      tool_input: { file_path: `${box.home}/.claude/notes/a.md` },
    });
    const inProject = await dispatchOnce(box, 'PreToolUse', { tool_name: 'Edit', tool_input: { file_path: `${box.project}/notes/a.md` } });
    expect(inUserDir.runs).toHaveLength(1);
    expect(inProject.runs).toHaveLength(0);
  });
});
