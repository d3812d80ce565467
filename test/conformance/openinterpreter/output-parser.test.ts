import { describe, expect, it } from 'vitest';
import { outputParserCases } from '../cases/output-parser.js';
import { familyKit, hso } from '../family.js';

const { runPrinted } = familyKit('openinterpreter');
outputParserCases(familyKit('openinterpreter'));

describe('deliberate difference (SPEC 2.9): hookEventName must name the event being dispatched', () => {
  // Codex accepts any known event name in hookSpecificOutput.hookEventName; hookctl fails the run, so a
  // hook copied from another event is caught instead of silently misread.
  it('a PostToolUse hookEventName on PreToolUse fails the run', async () => {
    const outcome = await runPrinted('PreToolUse', hso('PostToolUse', { additionalContext: 'x' }));
    expect(outcome.runs[0]!.error).toBe(
      'hook returned invalid pre-tool-use JSON output: /hookSpecificOutput/hookEventName: must be "PreToolUse"',
    );
  });
});
