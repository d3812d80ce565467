import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUDE_EVENTS } from '../../../src/dialects/claude/events.js';
import { runCli } from '../../helpers/run-cli.js';
import { command, group, hooks, makeClaudeSandbox } from '../../dialects/claude/sandbox.js';
import { eventOf, fixtureFiles, readFixture, sourceOf } from './harness.js';

/**
 * Every documented hook input (test/fixtures/claude/<event>/*.input.json) given to `hookctl run` as
 * the agent would: it is accepted as it is (no schema warning), reaches the hook byte for byte on
 * stdin, and the matcher is tested against the documented field (cc hooks §Matcher patterns, the
 * "What the matcher filters" table). The documented `cwd` (`/Users/...`) does not exist here, so the
 * hook runs in the start directory (SPEC-dialects 8.7).
 */
const SDK_ONLY_EVENTS: ReadonlySet<string> = new Set(['PreModelSwitch', 'PostModelSwitch', 'PreSkillShellCommand', 'Interrupt']);

describe('claude conformance: every documented hook input', () => {
  it('covers every event the documentation has', () => {
    const events = new Set(fixtureFiles('input').map((file) => eventOf(file.split('/')[0]!)));
    // The model-switch events are newer than the docs mirror: their contract is the Agent SDK's types
    // (test/contracts/claude-sdk-parity.test.ts), and no documented payload exists to port.
    const documented = CLAUDE_EVENTS.map((event) => event.name).filter((name) => !SDK_ONLY_EVENTS.has(name));
    expect([...events].sort()).toEqual(documented.sort());
  });

  it.each(fixtureFiles('input').map((file) => [file, sourceOf(file)]))('%s (%s)', async (file) => {
    const event = eventOf(file.split('/')[0]!);
    const payload = readFixture(file);
    const spec = CLAUDE_EVENTS.find((candidate) => candidate.name === event)!;
    const box = makeClaudeSandbox();
    box.trustWorkspace();
    // Written to a file, not stderr: InstructionsLoaded and DirectoryAdded hooks run detached (8.4), and run waits for them.
    const seen = join(box.root, 'seen');
    box.settings('project/.claude/settings.json', hooks({ [event]: [group([command(`{ cat; echo; pwd; } > '${seen}'`)])] }));
    const result = await runCli(['run', event, '--dialect', 'claude', '--cwd', box.project, '--home', box.home, '--managed', box.managed], {
      input: JSON.stringify(payload),
    });
    expect(result.code).toBe(0);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.warnings).toEqual([]);
    const [stdin, cwd] = readFileSync(seen, 'utf8').split('\n');
    expect(JSON.parse(stdin!)).toEqual(payload);
    expect(cwd).toBe(box.project);
    const field = spec.matcherField === null ? null : String(payload[spec.matcherField]);
    const target = field === null ? null : spec.matcherTransform === 'basename' ? field.slice(field.lastIndexOf('/') + 1) : field;
    expect(outcome.matcherTarget).toBe(target);
  });
});
