// Skill and subagent frontmatter hooks (SPEC-dialects 8.1; cc hooks §Hooks in skills and agents):
// found where Claude Code finds skills and subagents, linted with every rule at their place in the
// .md file, listed as active only while their skill or subagent runs, and never dispatched.
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDialect } from '../../../src/index.js';
import { runCli } from '../../helpers/run-cli.js';
import { sandboxFlags } from '../../helpers/temp-project.js';
import { command, group, hooks, makeClaudeSandbox, type ClaudeSandbox } from './sandbox.js';

const SKILL = [
  '---',
  'name: deploy',
  'description: Deploy with checks',
  'hooks:',
  '  PreToolUse:',
  '    - matcher: "Bash"',
  '      hooks:',
  '        - type: command',
  '          command: "touch skill-ran"',
  '          once: true',
  '  PreToolUze:',
  '    - hooks:',
  '        - type: command',
  '          command: "echo typo"',
  '---',
  '# Deploy',
  '',
  'hooks: in the body are instructions, not config',
  '',
].join('\n');

const AGENT = [
  '---',
  'name: code-reviewer',
  'description: Review code',
  'hooks:',
  '  Stop:',
  '    - hooks:',
  '        - type: command',
  '          command: "touch agent-ran"',
  '          once: true',
  '---',
  'You review code.',
  '',
].join('\n');

interface JsonFinding {
  ruleId: string;
  file: string;
  line: number;
  column: number;
  message: string;
}

const where = (findings: readonly JsonFinding[]) => findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}`).sort();

/** A project with a settings hook, a skill and a subagent declaring hooks, and files that declare none. */
function projectWithComponents(): ClaudeSandbox {
  const box = makeClaudeSandbox();
  box.trustWorkspace();
  box.settings('project/.claude/settings.json', hooks({ PreToolUse: [group([command('touch settings-ran')], 'Bash')] }));
  box.write('project/.claude/skills/deploy/SKILL.md', SKILL);
  box.write('project/.claude/agents/reviewer.md', AGENT);
  // A blank command: Claude Code drops every hook of such a file (SPEC-dialects 8.1, bad files).
  box.write(
    'project/.claude/agents/blank.md',
    '---\nname: blank\nhooks:\n  PostToolUse:\n    - hooks:\n        - {type: command, command: "  "}\n---\n',
  );
  box.write('project/.claude/agents/plain.md', '---\nname: plain\ndescription: no hooks\n---\nBody.\n');
  box.write('project/.claude/agents/notes.md', '# Notes kept beside the agents, no frontmatter\n\nhooks: none\n');
  // A frontmatter that does not parse, without hooks: Claude Code skips it and it declares no hook.
  box.write('project/.claude/skills/odd/SKILL.md', '---\nname: [odd\n---\n');
  return box;
}

describe('hookctl lint of skill and subagent frontmatter', () => {
  it('runs every rule on the frontmatter hooks, at their line and column in the .md file', async () => {
    const box = projectWithComponents();
    const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
    const findings = (JSON.parse(result.stdout) as { findings: JsonFinding[] }).findings;
    expect(where(findings)).toEqual([
      '.claude/agents/blank.md:6:36 empty-command',
      // `once` is honoured only in skill frontmatter (cc hooks §Common fields): reported in the agent, not in the skill.
      '.claude/agents/reviewer.md:9:11 field-ignored',
      // Guards without "onFailure": "block" (info), in the settings file and in the skill's frontmatter.
      '.claude/settings.json:7:11 guard-fails-open',
      '.claude/skills/deploy/SKILL.md:11:3 unknown-event',
      '.claude/skills/deploy/SKILL.md:8:11 guard-fails-open',
    ]);
    expect(findings.find((f) => f.ruleId === 'unknown-event')?.message).toContain('did you mean "PreToolUse"?');
    expect(result.code).toBe(1);
  });

  it('lints a skill or agent file named on the command line, and the layers an agent loads (--effective)', async () => {
    const box = projectWithComponents();
    const named = await runCli(
      ['lint', '--format', 'json', '.claude/agents/reviewer.md', '.claude/agents/plain.md', '.claude/agents/blank.md'],
      {
        cwd: box.project,
        env: { HOME: box.home },
      },
    );
    expect(where((JSON.parse(named.stdout) as { findings: JsonFinding[] }).findings)).toEqual([
      '.claude/agents/blank.md:6:36 empty-command',
      '.claude/agents/reviewer.md:9:11 field-ignored',
    ]);
    const effective = await runCli(['lint', '--effective', '--format', 'json', ...sandboxFlags(box, 'claude', box.managed)], {
      cwd: box.project,
    });
    expect(where((JSON.parse(effective.stdout) as { findings: JsonFinding[] }).findings)).toHaveLength(5);
  });

  it('reports a frontmatter with hooks that does not parse at its place; one without hooks is no finding', async () => {
    const box = makeClaudeSandbox();
    box.write('project/.claude/agents/broken.md', '---\nname: broken\ndescription: x\nhooks:\n  Stop: [\n---\nBody\n');
    const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env: { HOME: box.home } });
    const findings = (JSON.parse(result.stdout) as { findings: JsonFinding[] }).findings;
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ruleId: 'parse-error', file: '.claude/agents/broken.md' });
    expect(findings[0]!.message).toContain('YAML syntax error');
    expect(findings[0]!.line).toBeGreaterThanOrEqual(5);
    expect(findings[0]!.line).toBeLessThanOrEqual(6);
  });
});

describe('hookctl list --dialect claude with skill and subagent hooks', () => {
  it('lists them under their own heading, each marked active only while its skill or subagent runs', async () => {
    const box = projectWithComponents();
    const result = await runCli(['list', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(result.code).toBe(0);
    const out = result.stdout;
    const heading = 'project skill and subagent hooks (active only while that skill or subagent runs; never dispatched by hookctl):';
    expect(out.indexOf('project hooks:')).toBeLessThan(out.indexOf(heading));
    expect(out).toContain('skill deploy: active only while the skill runs; never dispatched by hookctl');
    // A subagent's Stop hook is the SubagentStop Claude Code converts it to (cc hooks §Hooks in skills and agents).
    expect(out).toMatch(/project:\.claude\/agents\/reviewer\.md:Stop:0:0 — SubagentStop, command/);
    expect(out).toContain('subagent code-reviewer: active only while the subagent runs; never dispatched by hookctl');
    expect(out).toContain(`at: ${join(box.project, '.claude/skills/deploy/SKILL.md')}:8`);
  });

  it('shows names and commands from the repository escaped', async () => {
    const box = makeClaudeSandbox();
    box.write(
      'project/.claude/agents/evil.md',
      '---\nname: "evil\\e[31m"\nhooks:\n  Stop:\n    - hooks:\n        - {type: command, command: "echo \\e]0;x\\a"}\n---\n',
    );
    const result = await runCli(['list', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(result.stdout).toContain('subagent evil');
    expect(result.stdout).not.toMatch(/\x1b/);
    expect(result.stdout).not.toMatch(/\x07/);
  });

  it('finds user skills and agents, skills of a parent directory up to the repository root, and plugin skills', async () => {
    const box = makeClaudeSandbox();
    const skill = (name: string) =>
      `---\nname: ${name}\nhooks:\n  SessionStart:\n    - hooks:\n        - {type: command, command: "echo ${name}"}\n---\n`;
    box.write('home/.claude/skills/mine/SKILL.md', skill('mine'));
    box.write('home/.claude/agents/review/helper.md', skill('helper'));
    box.write('project/.claude/skills/at-root/SKILL.md', skill('at-root'));
    box.write('project/packages/app/.claude/skills/nested/SKILL.md', skill('nested'));
    box.write('plugin/.claude-plugin/plugin.json', '{"name": "tools"}\n');
    box.write('plugin/skills/lint/SKILL.md', skill('plugin-skill'));
    // Claude Code ignores `hooks` in a plugin's subagents (cc sub-agents §Choose the subagent scope).
    box.write('plugin/agents/ignored.md', skill('plugin-agent'));
    const dialect = await loadDialect('claude');
    const config = await dialect.loadConfig({
      cwd: join(box.project, 'packages/app'),
      home: box.home,
      env: {},
      managedConfigPath: box.managed,
      session: { 'plugin-dir': [join(box.root, 'plugin')] },
    });
    expect(config.handlers).toEqual([]);
    const listed = (config.listedOnly ?? []).map((record) => `${record.source} ${record.command} ${record.unrunnable?.error}`);
    // …and says so at the agent's `hooks` key, rather than skipping them in silence.
    const ignored = config.findings.filter((finding) => finding.messageId === 'subagentHooksIgnored');
    expect(ignored.map((finding) => `${finding.file}:${finding.line}:${finding.column}`)).toEqual([
      `${join(box.root, 'plugin/agents/ignored.md')}:3:1`,
    ]);
    expect(listed.sort()).toEqual(
      [
        'plugin echo plugin-skill skill lint: active only while the skill runs; never dispatched by hookctl',
        'project echo at-root skill at-root: active only while the skill runs; never dispatched by hookctl',
        'project echo nested skill nested: active only while the skill runs; never dispatched by hookctl',
        'user echo helper subagent helper: active only while the subagent runs; never dispatched by hookctl',
        'user echo mine skill mine: active only while the skill runs; never dispatched by hookctl',
      ].sort(),
    );
  });
});

describe('dispatch never runs skill or subagent hooks', () => {
  it('hookctl run and dry-run run the settings hook beside them and leave the frontmatter hooks alone', async () => {
    const box = projectWithComponents();
    const payload = JSON.stringify(await box.payload('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' } }));
    const run = await runCli(['run', 'PreToolUse', ...sandboxFlags(box, 'claude', box.managed)], { input: payload });
    expect(run.code).toBe(0);
    const outcome = JSON.parse(run.stdout) as { runs: { id: string; status: string }[] };
    expect(outcome.runs).toEqual([expect.objectContaining({ id: 'project:.claude/settings.json:PreToolUse:0:0', status: 'completed' })]);
    expect(existsSync(join(box.project, 'settings-ran'))).toBe(true);
    expect(existsSync(join(box.project, 'skill-ran'))).toBe(false);
    const stop = JSON.stringify(await box.payload('SubagentStop'));
    const dry = await runCli(['dry-run', 'SubagentStop', ...sandboxFlags(box, 'claude', box.managed)], { input: stop });
    expect(dry.stdout).not.toContain('agent-ran');
    const dryPre = await runCli(['dry-run', 'PreToolUse', ...sandboxFlags(box, 'claude', box.managed)], { input: payload });
    expect(dryPre.stdout).toContain('touch settings-ran');
    expect(dryPre.stdout).not.toContain('touch skill-ran');
    expect(existsSync(join(box.project, 'skill-ran'))).toBe(false);
    expect(existsSync(join(box.project, 'agent-ran'))).toBe(false);
  });

  it('the library engine has them in no run', async () => {
    const box = projectWithComponents();
    const engine = await box.engine();
    try {
      const outcome = await engine.dispatch('Stop' as never, (await box.payload('Stop')) as never);
      expect(outcome.runs).toEqual([]);
      const sub = await engine.dispatch('SubagentStop' as never, (await box.payload('SubagentStop')) as never);
      expect(sub.runs).toEqual([]);
    } finally {
      await engine.close();
    }
    expect(existsSync(join(box.project, 'agent-ran'))).toBe(false);
  });
});

describe('hostile skill files', () => {
  it("a command whose refusal ends like a frontmatter hook's words is not listed as one", async () => {
    const box = projectWithComponents();
    // Claude refuses this plugin hook with a message quoting the command, which ends in the frontmatter words.
    const spoof = 'echo ${user_config.key}; never dispatched by hookctl';
    box.settings('home/.claude/plugins/cache/m/p/1/hooks/hooks.json', hooks({ Stop: [group([command(spoof)])] }));
    box.settings('home/.claude/settings.json', { enabledPlugins: { 'p@m': true } });
    const result = await runCli(['list', '--json', ...sandboxFlags(box, 'claude', box.managed)]);
    const listed = JSON.parse(result.stdout).hooks as { command: string; listedOnly: boolean }[];
    expect(
      listed
        .filter((hook) => hook.listedOnly)
        .map((hook) => hook.command)
        .sort(),
    ).toEqual(['touch agent-ran', 'touch skill-ran']);
    const text = await runCli(['list', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(text.stdout).toContain(`command: ${spoof}`);
    const heading = text.stdout.indexOf('skill and subagent hooks');
    expect(heading).toBeGreaterThan(text.stdout.indexOf(spoof));
  });

  it('a SKILL.md linked to /dev/zero and an oversized one are reported, bounded; the other layers still load', async () => {
    const box = projectWithComponents();
    box.write('project/.claude/skills/zero/.keep', '');
    symlinkSync('/dev/zero', join(box.project, '.claude/skills/zero/SKILL.md'));
    box.write('project/.claude/skills/huge/SKILL.md', `---\nname: huge\nhooks: {}\n---\n${'x'.repeat(300 * 1024)}\n`);
    const dialect = await loadDialect('claude');
    const config = await dialect.loadConfig({ cwd: box.project, home: box.home, env: {}, managedConfigPath: box.managed });
    const unreadable = config.findings.filter((finding) => finding.message.includes('cannot read the file'));
    expect(unreadable.map((finding) => finding.file).sort()).toEqual(
      [join(box.project, '.claude/skills/huge/SKILL.md'), join(box.project, '.claude/skills/zero/SKILL.md')].sort(),
    );
    expect(config.handlers.map((record) => record.command)).toEqual(['touch settings-ran']);
    expect((config.listedOnly ?? []).map((record) => record.command).sort()).toEqual(['touch agent-ran', 'touch skill-ran']);
    const list = await runCli(['list', ...sandboxFlags(box, 'claude', box.managed)]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('touch settings-ran');
    expect(list.stderr).toContain('huge/SKILL.md');
  });

  it('symlink loops in .claude/agents are walked once, and a tree past the entry budget is reported, not read on', async () => {
    const box = projectWithComponents();
    // Eight links back to the directory itself: walked naively to the depth limit, 8^7 directory reads.
    for (let i = 0; i < 8; i++) symlinkSync('.', join(box.project, `.claude/agents/loop${i}`));
    for (let i = 0; i < 1001; i++) box.write(`project/.claude/skills/s${i}/.keep`, '');
    const list = await runCli(['list', ...sandboxFlags(box, 'claude', box.managed)], { timeoutMs: 30_000 });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('touch settings-ran');
    expect(list.stdout.match(/touch agent-ran/g)).toHaveLength(1);
    expect(list.stderr).toContain(
      `${join(box.project, '.claude/skills')}:1:1: error: ` +
        'more than 1000 entries below this directory; the rest is not read for skill hooks',
    );
  });
});
