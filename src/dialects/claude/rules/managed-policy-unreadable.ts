import { createRule } from '../../../config/rule.js';
import { CLAUDE_CODE } from '../agent-version.js';
import { MANAGED_POLICY_RULE, managedVerdict, REFUSES_START } from '../managed-policy.js';

/**
 * A managed settings file Claude Code cannot read as a whole policy (managed-policy.ts): a guard
 * entry it cannot load turns off every hook of that file, and with no other managed policy left,
 * or a file that is not a JSON object, Claude refuses to start. Reported at the entry; at load a
 * refusal is fatal (withManagedRefusals), so nothing claims to run what Claude would not.
 */
export const managedPolicyUnreadable = createRule({
  id: MANAGED_POLICY_RULE,
  severity: 'error',
  description: 'a managed settings file that turns its hooks off, or keeps Claude Code from starting',
  atLoad: true,
  messages: {
    [REFUSES_START]:
      '{{agent}} will not start with this managed settings file ("Unable to read managed policy settings"): {{what}}, ' +
      'and no managed settings file holds any other policy; fix or remove it',
    hooksOff: '{{agent}} runs no hook of this managed settings file: {{what}}; its other settings apply; fix or remove it',
  },
  check({ spec, checked, all, report }) {
    const verdict = managedVerdict(checked.file, all, spec);
    if (verdict === null) return;
    const data = { agent: CLAUDE_CODE, what: verdict.what };
    if (verdict.kind === 'refuses') report({ messageId: REFUSES_START, data, pos: verdict.pos });
    else report({ messageId: 'hooksOff', data, pos: verdict.pos, invalidates: verdict.hooks });
  },
});
