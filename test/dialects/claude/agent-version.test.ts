// The version findings name ("Claude Code 2.1.332 ignores this Stop hook alone") is the release the
// facts are proven against: the pinned binary the real-agent suite drives, which
// test/contracts/claude-agent-facts.json was read from. One constant says it; this ties them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE, CLAUDE_CODE_VERSION } from '../../../src/dialects/claude/agent-version.js';
import { configSpec } from '../../../src/dialects/claude/config-spec.js';
import { claudeRejection } from '../../../src/dialects/claude/rejection.js';
import { FAIL_CLOSED } from '../../../src/dialects/claude/rules/guard-fails-open.js';
import { BYPASS } from '../../../src/dialects/claude/rules/if-guard-bypassable.js';

const readJson = (path: string) => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));

describe('the Claude Code version claude findings name', () => {
  it('is the pinned @anthropic-ai/claude-code and the version its facts were read from', () => {
    expect(readJson('package.json').devDependencies['@anthropic-ai/claude-code']).toBe(CLAUDE_CODE_VERSION);
    expect(readJson('test/contracts/claude-agent-facts.json').claudeCode.version).toBe(CLAUDE_CODE_VERSION);
  });

  it('is what every claude fact that names the agent says', () => {
    const named = [
      configSpec.lint?.unknownEventIgnored?.agent,
      BYPASS.agent,
      FAIL_CLOSED.agent,
      configSpec.lint?.toolNames?.removed?.MultiEdit?.agent,
      claudeRejection.agent,
      configSpec.policy.granularity?.agent,
    ];
    expect(named).toEqual(named.map(() => CLAUDE_CODE));
  });
});
