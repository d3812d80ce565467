import { describe, expect, it } from 'vitest';
import { outputParserCases } from '../cases/output-parser.js';
import { configWarnings, familyKit, hso, prints } from '../family.js';

const kit = familyKit('codex');
const { runPrinted } = kit;
outputParserCases(kit);

/**
 * SPEC-dialects 9.4, §11.9: Codex's parser takes any of its ten output event names as
 * `hookSpecificOutput.hookEventName` (codex-rs/hooks/src/schema.rs HookEventNameWire) though the
 * schemas it publishes pin the event; hookctl follows the parser and warns.
 */
describe('difference from openinterpreter (SPEC-dialects 9.9 item 6): hookEventName is not matched to the event', () => {
  it('a PostToolUse hookEventName on PreToolUse is read as PreToolUse output, with a warning', async () => {
    const outcome = await runPrinted(
      'PreToolUse',
      hso('PostToolUse', { permissionDecision: 'deny', permissionDecisionReason: 'copied hook' }),
    );
    expect(outcome).toMatchObject({ decision: 'deny', blocked: true, reason: 'copied hook' });
    expect(outcome.runs[0]!.error).toBeNull();
    expect(configWarnings(outcome.warnings)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^hook .*\/\.codex\/hooks\.json:pre_tool_use:0:0: ` +
            String.raw`hookSpecificOutput\.hookEventName is "PostToolUse", not "PreToolUse"; Codex accepts any event name there$`,
        ),
      ),
    ]);
  });

  it('the rest of the output is still judged against the event: a field PostToolUse has is refused on PreToolUse', async () => {
    const outcome = await runPrinted('PreToolUse', hso('PostToolUse', { updatedMCPToolOutput: {} }));
    expect(outcome.runs[0]!.error).toBe(
      'hook returned invalid pre-tool-use JSON output: /hookSpecificOutput/updatedMCPToolOutput: unknown property "updatedMCPToolOutput"',
    );
  });

  it('a name that is no output event fails as before', async () => {
    const outcome = await runPrinted('SessionStart', hso('SessionEnd', { additionalContext: 'x' }));
    expect(outcome.runs[0]!.error).toBe(
      'hook returned invalid session start JSON output: /hookSpecificOutput/hookEventName: must be "SessionStart"',
    );
  });
});

// SPEC-dialects 9.4 (notes §5.2): PreCompact, PostCompact, Stop and SubagentStop outputs have no
// hookSpecificOutput at all in Codex (their wire structs deny unknown fields).
describe.each(['PreCompact', 'PostCompact'])(
  '%s has no hookSpecificOutput (schema.rs PreCompactCommandOutputWire, PostCompactCommandOutputWire)',
  (event) => {
    it('an output carrying one fails the run', async () => {
      const outcome = await runPrinted(event, hso(event));
      expect(outcome.runs[0]!.error).toBe(
        `hook returned invalid ${event} hook JSON output: /hookSpecificOutput: unknown property "hookSpecificOutput"`,
      );
    });
  },
);

// output_spill_tests.rs additional_contexts_apply_limits_individually — SPEC-dialects 9.6 [choice]: hookctl does
// not spill; it joins the contexts as written and reports each run's limit for the host to apply.
describe('additionalContextLimit: reported per run in dialectOutput, never applied by hookctl', () => {
  it('each context run with its limit (2500 when unset); the text is kept whole', async () => {
    const big = 'x'.repeat(20_000);
    const context = (text: string) => prints(hso('SessionStart', { additionalContext: text }));
    const outcome = await kit.run('SessionStart', [
      {
        hooks: [
          { type: 'command', command: context(big), additionalContextLimit: 10 },
          { type: 'command', command: context('small') },
          { type: 'command', command: 'true' },
        ],
      },
    ]);
    expect(outcome.additionalContext).toBe(`${big}\n\nsmall`);
    const [first, second] = outcome.runs.map((run) => run.id);
    expect(outcome.dialectOutput).toEqual({ additionalContextLimit: { [first!]: 10, [second!]: 2500 } });
  });

  it('is null when no hook returned context', async () => {
    expect((await runPrinted('SessionStart', {})).dialectOutput).toBeNull();
  });
});
