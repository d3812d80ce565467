/**
 * The Claude Code release the claude dialect's facts are proven against: the pinned
 * `@anthropic-ai/claude-code` the real-agent suite (test/agents/claude) drives, the version
 * test/contracts/claude-agent-facts.json was read from. Findings that say what Claude does name it
 * from here, never by a hand-written string (test/dialects/claude/agent-version.test.ts ties them).
 */
export const CLAUDE_CODE_VERSION = '2.1.332';

/** "Claude Code 2.1.332": how findings name the agent whose behaviour they report. */
export const CLAUDE_CODE = `Claude Code ${CLAUDE_CODE_VERSION}`;
