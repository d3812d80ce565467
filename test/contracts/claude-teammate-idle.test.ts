// TeammateIdle is the one Claude Code event the real-agent suite cannot fire headless: it runs in the
// Stop path of an agent-team teammate, and `claude -p` offers no team tools even with
// CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS set (docs/conformance.md). Its contract is read from the pinned
// binary instead: the input it builds, that it passes no match query (no matcher target), and what the
// Stop path does with a blocking error (the teammate keeps working) and `continue: false` (it stops).
// A release that changes any of these fails here by name.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../src/dialects/claude/contracts.js';
import { CLAUDE_EVENTS, ON_FAILURE_IGNORED } from '../../src/dialects/claude/events.js';
import { EVENT_RULES } from '../../src/dialects/claude/event-rules.js';

const root = new URL('../../', import.meta.url);
const cli = JSON.parse(readFileSync(new URL('node_modules/@anthropic-ai/claude-code/package.json', root), 'utf8'));
const binaryPath = new URL(`node_modules/@anthropic-ai/claude-code/${cli.bin.claude}`, root);

/** The binary's JavaScript around `needle` (the bundle is plain text inside the native executable). */
function around(binary: Buffer, needle: string, before: number, after: number): string {
  const at = binary.indexOf(needle);
  if (at < 0) throw new Error(`"${needle}" is not in Claude Code ${cli.version}'s binary`);
  return binary.subarray(Math.max(0, at - before), at + needle.length + after).toString('latin1');
}

describe.skipIf(!existsSync(binaryPath))(`claude TeammateIdle, read from Claude Code ${cli.version}`, () => {
  const binary = existsSync(binaryPath) ? readFileSync(binaryPath) : Buffer.alloc(0);

  it('the input carries teammate_name and team_name, as hookctl requires', () => {
    const builder = around(binary, 'hook_event_name:"TeammateIdle"', 0, 300);
    const fields = /hook_event_name:"TeammateIdle",([^}]*)\}/.exec(builder)?.[1] ?? '';
    const names = fields.split(',').map((field) => field.split(':')[0]);
    expect(names).toEqual(['teammate_name', 'team_name']);
    const payload = {
      session_id: 's',
      transcript_path: '/t',
      cwd: '/c',
      hook_event_name: 'TeammateIdle',
      teammate_name: 'mate',
      team_name: 't1',
    };
    expect(contracts.validateInput('TeammateIdle', payload)).toMatchObject({ ok: true });
  });

  it('is dispatched without a match query: no matcher target, in hookctl too', () => {
    const call = /hook_event_name:"TeammateIdle"[^}]*\};yield\*\w+\(\{([^}]*)\}\)/.exec(
      around(binary, 'hook_event_name:"TeammateIdle"', 0, 400),
    );
    expect(call, 'the hook runner call after the input').not.toBeNull();
    expect(call?.[1]).not.toContain('matchQuery');
    expect(CLAUDE_EVENTS.find((event) => event.name === 'TeammateIdle')?.matcherField).toBeNull();
  });

  it('a blocking error keeps the teammate working; continue:false stops it; hookctl reads exit 2 as a block', () => {
    const stopPath = around(binary, '"TeammateIdle hook prevented continuation"', 900, 300);
    // The blocking error becomes a message the teammate reads, returned as the Stop path's blocking errors.
    expect(stopPath).toMatch(/if\(\w+\.blockingError\)\{let \w+=\w+\(\{rowSource:"hook",content:\w+\(\w+\.blockingError\)/);
    expect(stopPath).toMatch(/if\(\w+\.preventContinuation\)/);
    expect(stopPath).toContain('hookName:"TeammateIdle"');
    expect(EVENT_RULES.TeammateIdle).toMatchObject({ exitTwo: 'block', stopOverridesBlock: true });
    expect(ON_FAILURE_IGNORED.has('TeammateIdle')).toBe(true);
  });

  it('agent teams are gated on CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS', () => {
    expect(around(binary, 'if(!s.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS&&', 0, 40)).toContain('return!1');
  });
});
