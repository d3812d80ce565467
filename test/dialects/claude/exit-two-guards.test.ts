// What a missing project script does on each claude guard event (issue 36 item 4): the exit-2 table of
// lint's cwd-relative-script derives its guard events from the catalogue's guard fact, so a guard
// event added to the catalogue (PreModelSwitch, PreSkillShellCommand) is never said to fail open.
import { describe, expect, it } from 'vitest';
import { configSpec } from '../../../src/dialects/claude/config-spec.js';
import { CLAUDE_EVENTS } from '../../../src/dialects/claude/events.js';
import { exitTwoGuards } from '../../../src/kit/index.js';
import { runCli } from '../../helpers/run-cli.js';
import { command, group, hooks, makeClaudeSandbox } from './sandbox.js';

describe('claude exit-2 effects of guard events', () => {
  it('every exit-2 guard event of the catalogue has its effect in the table', () => {
    const table = configSpec.lint?.projectAnchor?.exitTwo ?? {};
    expect([...exitTwoGuards(CLAUDE_EVENTS)].filter((event) => table[event] === undefined)).toEqual([]);
  });

  it.each([
    ['PreModelSwitch', 'blocks every model switch it matches'],
    ['PreSkillShellCommand', "keeps every skill's or command's shell command it matches from running"],
  ])('lint: a cwd-relative python script on %s blocks when missing, never "fails open"', async (event, effect) => {
    const sandbox = makeClaudeSandbox();
    const file = sandbox.settings('project/.claude/settings.json', hooks({ [event]: [group([command('python3 hooks/check.py')])] }));
    const lint = await runCli(['lint', '--format', 'json', '--dialect', 'claude', file], { cwd: sandbox.project });
    const finding = (JSON.parse(lint.stdout).findings as { ruleId: string; message: string }[]).find(
      (candidate) => candidate.ruleId === 'cwd-relative-script',
    );
    expect(finding?.message).toContain(`python3 exits 2, which on ${event} ${effect}`);
  });
});
