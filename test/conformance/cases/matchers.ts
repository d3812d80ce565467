import { describe, expect, it } from 'vitest';
import { configWarnings, group, hooksFile, type FamilyKit } from '../family.js';

/** Codex's tests of this event, shared by the openinterpreter and codex conformance suites (identical behaviour). */
export function matcherCases(kit: FamilyKit): void {
  const { dispatch, world, run } = kit;
  const configFile = new RegExp(`${kit.dir.replace('.', '\\.')}/hooks\\.json:\\d+:\\d+: error: `);

  /** The commands of the handlers a dispatch selected, in reported (configured) order. */
  const selected = (outcome: { runs: { command: string }[] }) => outcome.runs.map((r) => r.command);
  const preToolUse = (tool: string, ...groups: Parameters<typeof hooksFile>[1][]) => run('PreToolUse', groups, { tool_name: tool });

  describe('matchers: codex-rs/hooks/src/events/common.rs tests', () => {
    // common.rs matcher_omitted_matches_all_occurrences
    it('an omitted matcher selects every tool', async () => {
      expect(selected(await preToolUse('Bash', group(undefined, 'echo all')))).toEqual(['echo all']);
      expect(selected(await preToolUse('Write', group(undefined, 'echo all')))).toEqual(['echo all']);
    });

    // common.rs matcher_star_matches_all_occurrences
    it('"*" selects every tool', async () => {
      expect(selected(await preToolUse('Bash', group('*', 'echo star')))).toEqual(['echo star']);
      expect(selected(await preToolUse('Edit', group('*', 'echo star')))).toEqual(['echo star']);
    });

    // common.rs matcher_empty_string_matches_all_occurrences
    it('"" selects every target', async () => {
      expect(selected(await preToolUse('Bash', group('', 'echo empty')))).toEqual(['echo empty']);
      expect(selected(await run('SessionStart', [group('', 'echo empty')]))).toEqual(['echo empty']);
    });

    // common.rs exact_matcher_supports_pipe_alternatives
    it('an exact matcher supports | alternatives', async () => {
      for (const tool of ['Edit', 'Write']) expect(selected(await preToolUse(tool, group('Edit|Write', 'echo ew')))).toEqual(['echo ew']);
      expect(selected(await preToolUse('Bash', group('Edit|Write', 'echo ew')))).toEqual([]);
    });

    // common.rs literal_matcher_uses_exact_matching
    it('a literal matcher is an exact match, not a substring', async () => {
      expect(selected(await preToolUse('Bash', group('Bash', 'echo b')))).toEqual(['echo b']);
      expect(selected(await preToolUse('BashOutput', group('Bash', 'echo b')))).toEqual([]);
      expect(selected(await preToolUse('mcp__memory__create_entities', group('mcp__memory__create_entities', 'echo m')))).toEqual([
        'echo m',
      ]);
      expect(selected(await preToolUse('mcp__memory__create_entities', group('mcp__memory', 'echo m')))).toEqual([]);
    });

    // common.rs matcher_uses_regex_when_it_contains_regex_characters
    it('a matcher with regex characters is an unanchored regex', async () => {
      expect(selected(await preToolUse('BashOutput', group('^Bash', 'echo r')))).toEqual(['echo r']);
    });

    // common.rs mcp_matchers_support_regex_wildcards
    it('MCP matchers support regex wildcards', async () => {
      expect(selected(await preToolUse('mcp__memory__create_entities', group('mcp__memory__.*', 'echo m')))).toEqual(['echo m']);
      expect(selected(await preToolUse('mcp__filesystem__write_file', group('mcp__.*__write.*', 'echo w')))).toEqual(['echo w']);
      expect(selected(await preToolUse('mcp__filesystem__read_file', group('mcp__.*__write.*', 'echo w')))).toEqual([]);
    });

    // common.rs matcher_supports_anchored_regexes
    it('an anchored regex matches the whole name only', async () => {
      expect(selected(await preToolUse('Bash', group('^Bash$', 'echo a')))).toEqual(['echo a']);
      expect(selected(await preToolUse('BashOutput', group('^Bash$', 'echo a')))).toEqual([]);
    });

    // common.rs invalid_regex_is_rejected; discovery.rs append_matcher_groups ("invalid matcher … in …").
    it('an invalid regex skips its group with a warning naming file, matcher and error; other groups run', async () => {
      const target = await world({ projectJson: hooksFile('PreToolUse', group('[', 'echo never'), group('Bash', 'echo kept')) });
      const outcome = await dispatch(target, 'PreToolUse');
      expect(selected(outcome)).toEqual(['echo kept']);
      expect(configWarnings(outcome.warnings)).toEqual([expect.stringMatching(configFile)]);
      expect(configWarnings(outcome.warnings)).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`: error: matcher "\[" is not a valid regular expression \(unclosed character class\); ` +
              String.raw`the hooks of this group never run \(invalid-matcher\)$`,
          ),
        ),
      ]);
    });

    // common.rs unsupported_events_ignore_matchers; discovery.rs user_prompt_submit_ignores_invalid_matcher_during_discovery
    it('UserPromptSubmit and Stop ignore matchers, even invalid ones', async () => {
      expect(selected(await run('UserPromptSubmit', [group('^hello', 'echo a'), group('[', 'echo b')]))).toEqual(['echo a', 'echo b']);
      expect(selected(await run('Stop', [group('^done$', 'printf "{}"')]))).toEqual(['printf "{}"']);
    });

    // common.rs supported_events_keep_matchers
    it.each([
      ['PreToolUse', 'Bash', { tool_name: 'Bash' }, { tool_name: 'Read' }],
      ['PostToolUse', 'Edit|Write', { tool_name: 'Write' }, { tool_name: 'Bash' }],
      ['SessionStart', 'startup|resume', { source: 'resume' }, { source: 'clear' }],
      ['PreCompact', '^auto$', { trigger: 'auto' }, { trigger: 'manual' }],
      ['PostCompact', 'manual|auto', { trigger: 'manual' }, { trigger: 'auto' }],
    ])('%s keeps its matcher %j', async (event, matcher, hit, miss) => {
      expect(selected(await run(event, [group(matcher, 'echo hit')], hit))).toEqual(['echo hit']);
      const other = await run(event, [group(matcher, 'echo hit')], miss);
      expect(selected(other)).toEqual(event === 'PostCompact' ? ['echo hit'] : []);
    });
  });

  describe('selection: codex-rs/hooks/src/engine/dispatcher.rs tests', () => {
    // dispatcher.rs select_handlers_keeps_duplicate_stop_handlers
    it('keeps duplicate Stop handlers, in declaration order', async () => {
      const outcome = await run('Stop', [group(undefined, 'echo same', 'echo same')]);
      // Ids end in the group and handler index in both dialects (`project:Stop:0:1`, `<file>:stop:0:1`).
      expect(outcome.runs.map((r) => /(\d+:\d+)$/.exec(r.id)![1])).toEqual(['0:0', '0:1']);
    });

    // dispatcher.rs select_handlers_keeps_overlapping_session_start_matchers
    it('keeps overlapping SessionStart matchers', async () => {
      const outcome = await run('SessionStart', [group('start.*', 'echo one'), group('^startup$', 'echo two')], { source: 'startup' });
      expect(selected(outcome)).toEqual(['echo one', 'echo two']);
    });

    // dispatcher.rs compact_hooks_match_trigger
    it('compaction hooks match the trigger', async () => {
      const outcome = await run('PreCompact', [group('manual', 'echo manual'), group('auto', 'echo auto')], { trigger: 'manual' });
      expect(selected(outcome)).toEqual(['echo manual']);
    });

    // dispatcher.rs pre_tool_use_matches_tool_name, post_tool_use_matches_tool_name
    it.each(['PreToolUse', 'PostToolUse'])('%s matches the tool name', async (event) => {
      const outcome = await run(event, [group('^Bash$', 'echo bash'), group('^Edit$', 'echo edit')], { tool_name: 'Bash' });
      expect(selected(outcome)).toEqual(['echo bash']);
    });

    // dispatcher.rs pre_tool_use_star_matcher_matches_all_tools
    it('"*" matches every tool while ^Edit$ does not match Bash', async () => {
      expect(selected(await preToolUse('Bash', group('*', 'echo star'), group('^Edit$', 'echo edit')))).toEqual(['echo star']);
    });

    // dispatcher.rs pre_tool_use_regex_alternation_matches_each_tool_name
    it('an alternation matches each of its names', async () => {
      expect(selected(await preToolUse('Edit', group('Edit|Write', 'echo x')))).toHaveLength(1);
      expect(selected(await preToolUse('Write', group('Edit|Write', 'echo x')))).toHaveLength(1);
      expect(selected(await preToolUse('Bash', group('Edit|Write', 'echo x')))).toHaveLength(0);
    });

    // dispatcher.rs pre_tool_use_aliases_match_once_per_handler; core/src/tools/hook_names.rs HookToolName::apply_patch
    it('apply_patch answers to Write and Edit, and a handler matching several names runs once', async () => {
      const outcome = await preToolUse(
        'apply_patch',
        group('^apply_patch$', 'echo apply_patch'),
        group('^Write$', 'echo write'),
        group('^Edit$', 'echo edit'),
        group('apply_patch|Write|Edit', 'echo combined'),
      );
      expect(selected(outcome)).toEqual(['echo apply_patch', 'echo write', 'echo edit', 'echo combined']);
      expect(outcome.matcherTarget).toBe('apply_patch');
    });

    // dispatcher.rs user_prompt_submit_ignores_matcher
    it('UserPromptSubmit selects every handler whatever the matcher', async () => {
      expect(selected(await run('UserPromptSubmit', [group('^hello', 'echo first'), group('[', 'echo second')]))).toEqual([
        'echo first',
        'echo second',
      ]);
    });

    // dispatcher.rs select_handlers_preserves_declaration_order
    it('preserves declaration order', async () => {
      const outcome = await run('Stop', [group(undefined, 'echo first', 'echo second', 'echo third')]);
      expect(selected(outcome)).toEqual(['echo first', 'echo second', 'echo third']);
    });

    // issue 11 item 11: core/src/tools/hook_names.rs HookToolName::spawn_agent
    it('issue 11 item 11: spawn_agent answers to Agent (the payload keeps spawn_agent)', async () => {
      const outcome = await preToolUse('spawn_agent', group('^Agent$', 'cat'));
      expect(selected(outcome)).toEqual(['cat']);
      expect(JSON.parse(outcome.runs[0]!.stdout)).toMatchObject({ tool_name: 'spawn_agent' });
    });
  });

  describe('matchers: discovery.rs tests', () => {
    // discovery.rs pre_tool_use_keeps_valid_matcher_during_discovery; pre_tool_use_treats_star_matcher_as_match_all;
    // post_tool_use_keeps_valid_matcher_during_discovery
    it.each([
      ['PreToolUse', '^Bash$'],
      ['PreToolUse', '*'],
      ['PostToolUse', 'Edit|Write'],
    ])('%s keeps a valid matcher %j with no warning', async (event, matcher) => {
      const target = await world({ projectJson: hooksFile(event, group(matcher, 'echo hello')) });
      expect(configWarnings(target.engine.warnings)).toEqual([]);
      expect(target.engine.handlers.map((h) => [h.event, h.matcher.source, h.timeoutMs])).toEqual([[event, matcher, 600_000]]);
    });
  });

  describe('issue 11 item 9: matchers are Rust regex (RE2 family), not JavaScript RegExp', () => {
    // codex-rs/hooks/src/events/common.rs validate_matcher_pattern / matches_matcher use the `regex` crate.
    it.each([
      ['(?i)bash', 'BASH', 'zsh'],
      ['^(?P<tool>Bash)$', 'Bash', 'Bashful'],
      ['^[[:alpha:]]+$', 'Bash', 'mcp__fs__read'],
      ['^\\pL+$', 'Écrire', 'Write2'],
      ['^\\x{42}ash$', 'Bash', 'bash'],
      ['\\ABash\\z', 'Bash', 'xBash'],
    ])('%j means what it means in the agent', async (matcher, hit, miss) => {
      expect(selected(await preToolUse(hit, group(matcher, 'echo hit')))).toEqual(['echo hit']);
      expect(selected(await preToolUse(miss, group(matcher, 'echo hit')))).toEqual([]);
    });

    it.each([
      ['(?=Bash)', 'look-around, including look-ahead and look-behind, is not supported'],
      ['(?<!x)Bash', 'look-around, including look-ahead and look-behind, is not supported'],
      ['(B)\\1', 'backreferences are not supported'],
    ])('%j is invalid as in the agent: the group is skipped with a warning', async (matcher, error) => {
      const target = await world({ projectJson: hooksFile('PreToolUse', group(matcher, 'echo never')) });
      const outcome = await dispatch(target, 'PreToolUse');
      expect(outcome.runs).toEqual([]);
      expect(outcome.warnings.join('\n')).toContain(`matcher ${JSON.stringify(matcher)} is not a valid regular expression (${error})`);
    });

    it('selection stays exact with many regex matchers: anchored literals, general regexes, exact names together', async () => {
      const groups = [];
      for (let i = 0; i < 300; i++)
        groups.push(group(`^tool_${i}$`, `echo anchored ${i}`), group(`(read|write)_${i}[a-z]+`, `echo general ${i}`));
      groups.push(group('tool_7', 'echo exact'));
      const target = await world({ projectJson: hooksFile('PreToolUse', ...groups) });
      const hits = await target.engine.dispatch(
        'PreToolUse',
        kit.payload('PreToolUse', target.sandbox.project, { tool_name: 'tool_7' }) as never,
      );
      expect(selected(hits)).toEqual(['echo anchored 7', 'echo exact']);
      const general = await dispatch(target, 'PreToolUse', { tool_name: 'xwrite_12abc' });
      // `(read|write)_1[a-z]+` does not match `write_12abc`: the digit after `_1` is not a letter.
      expect(selected(general)).toEqual(['echo general 12']);
    });
  });
}
