import { describe, expect, it } from 'vitest';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox, printJson } from './sandbox.js';

/**
 * PreSkillShellCommand (Claude Code 2.1.332): deny, ask, defer, any updatedInput and exit 2 keep a
 * skill's shell command from running; allow adds nothing. Exit 0/2, deny, ask and allow are proven
 * through the binary (test/agents/claude); defer and updatedInput are read from its refusal check.
 */
async function answers(...outputs: unknown[]) {
  const box = makeClaudeSandbox();
  const handlers = outputs.map((output) => command(typeof output === 'string' ? output : printJson(output)));
  box.settings('project/.claude/settings.json', hooks({ PreSkillShellCommand: [group(handlers, 'Bash')] }));
  return dispatchOnce(box, 'PreSkillShellCommand');
}
const hso = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: 'PreSkillShellCommand', ...fields } });

describe('claude PreSkillShellCommand', () => {
  it.each(['deny', 'ask', 'defer'] as const)('%s keeps the command from running', async (decision) => {
    const outcome = await answers(hso({ permissionDecision: decision, permissionDecisionReason: 'not here' }));
    expect(outcome).toMatchObject({ decision, blocked: true, reason: 'not here' });
  });

  it('allow adds nothing; an updatedInput refuses even with allow (never applied)', async () => {
    expect(await answers(hso({ permissionDecision: 'allow' }))).toMatchObject({ decision: 'allow', blocked: false, updatedInput: null });
    const rewrite = await answers(hso({ permissionDecision: 'allow', updatedInput: { command: 'true' } }));
    expect(rewrite).toMatchObject({ blocked: true, updatedInput: null });
  });

  it('several hooks: the strongest answer is the decision, any refusal blocks', async () => {
    const outcome = await answers(hso({ permissionDecision: 'allow' }), hso({ permissionDecision: 'ask' }));
    expect(outcome).toMatchObject({ decision: 'ask', blocked: true });
  });

  it('exit 2 denies with stderr', async () => {
    expect(await answers("echo 'no shell here' >&2; exit 2")).toMatchObject({ decision: 'deny', blocked: true, reason: 'no shell here' });
  });

  it('matches tool_name', async () => {
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', hooks({ PreSkillShellCommand: [group([command('exit 2')], 'PowerShell')] }));
    expect((await dispatchOnce(box, 'PreSkillShellCommand')).runs).toEqual([]);
  });
});
