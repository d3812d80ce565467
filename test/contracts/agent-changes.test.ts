import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROVEN_AGENTS } from '../../src/dialects/shared/agent-versions.js';
import {
  compareFacts,
  formatChangeReport,
  namedTests,
  sinceEntries,
  updateDocsTable,
  updateProvenTable,
} from '../../scripts/agent-changes.mjs';

/**
 * The change report `npm run agents:bump` prints per agent, made from two facts files without the
 * network: real Codex facts of earlier releases (test/contracts/agent-facts/, derived by
 * scripts/codex-facts.mjs from each release) against the pinned one, and edited copies of the
 * committed Gemini and Claude facts for what no real release pair shows.
 */
const REPO = resolve(import.meta.dirname, '../..');
const readJson = (path: string) => JSON.parse(readFileSync(join(REPO, path), 'utf8'));
const CODEX_NOW = readJson('test/dialects/codex-agent-facts.json');
const GEMINI_NOW = readJson('test/dialects/gemini-agent-facts.json');
const CLAUDE_NOW = readJson('test/contracts/claude-agent-facts.json');
const temp = mkdtempSync(join(tmpdir(), 'hookctl-agent-changes-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const CODEX_EVENTS_TEST = 'test/dialects/codex-agent-facts.test.ts › every event, both ways';
const CODEX_FIELDS_TEST =
  "test/dialects/codex-agent-facts.test.ts › each event's trust key, matcher, timeouts, context limit, input and output fields";

describe('the agent change report (scripts/agent-changes.mjs)', () => {
  it('Codex 0.169.0 -> the pinned release, from the files on disk: the real report', () => {
    const report = execFileSync(
      process.execPath,
      ['scripts/agent-changes.mjs', 'codex', 'test/contracts/agent-facts/codex-0.169.0.json', 'test/dialects/codex-agent-facts.json'],
      { cwd: REPO, encoding: 'utf8' },
    );
    expect(report).toBe(
      `OpenAI Codex 0.169.0 -> ${CODEX_NOW.version}\n` +
        '  no hook fact changed (events, keys, enum values, payload and output fields are the same)\n',
    );
  });

  it('Codex 0.163.0 -> 0.164.0: the model-request events, each with its settings, payload and the test that fails', () => {
    const report = formatChangeReport(
      'codex',
      readJson('test/contracts/agent-facts/codex-0.163.0.json'),
      readJson('test/contracts/agent-facts/codex-0.164.0.json'),
    );
    const lines = report.split('\n');
    expect(lines[0]).toBe('OpenAI Codex 0.163.0 -> 0.164.0');
    expect(lines.slice(1, 5)).toEqual(['  events:', '    + PostModelRequest', '    + PreModelRequest', `    fails: ${CODEX_EVENTS_TEST}`]);
    expect(report).toContain('    + PreModelRequest trust key: pre_model_request\n');
    expect(report).toContain('    + PreModelRequest default timeout (s): 600\n');
    expect(report).toContain(`  order:\n    hooks/list order: pre_tool_use,`);
    expect(report).toContain('  since 0.164.0: PostModelRequest, PreModelRequest\n');
  });

  it('Codex 0.130.0 -> 0.133.0: new events, new payload fields and enum values of old events', () => {
    const changes = compareFacts(
      'codex',
      readJson('test/contracts/agent-facts/codex-0.130.0.json'),
      readJson('test/contracts/agent-facts/codex-0.133.0.json'),
    );
    const events = changes.filter((change) => change.kind === 'event');
    expect(events.map((change) => `${change.change} ${change.subject}`)).toEqual(['added SubagentStart', 'added SubagentStop']);
    expect(events.every((change) => change.test === CODEX_EVENTS_TEST)).toBe(true);
    expect(
      changes.filter((change) => change.kind !== 'event' && change.kind !== 'order').every((change) => change.test === CODEX_FIELDS_TEST),
    ).toBe(true);
    expect(sinceEntries(changes, '0.133.0')).toEqual({ 'event:SubagentStart': '0.133.0', 'event:SubagentStop': '0.133.0' });
  });

  it('Gemini CLI: an added event, a removed key, a changed default, an enum value and an output field', () => {
    const after = structuredClone(GEMINI_NOW);
    after.version = '0.62.0';
    after.events.push('BeforePlan');
    after.inputs.BeforePlan = { properties: ['cwd', 'plan'], required: ['cwd'] };
    after.commandHookKeys = after.commandHookKeys.filter((key: string) => key !== 'description');
    after.defaultTimeoutMs = 30000;
    after.values.SessionStartSource.push('compact');
    after.outputs.AfterTool.hookSpecificOutput.push('updatedOutput');
    const report = formatChangeReport('gemini', GEMINI_NOW, after);
    const test =
      'test/dialects/gemini-agent-facts.test.ts › every event, hook key, value, input and output field, or a reason on the allow-list';
    expect(report).toBe(
      [
        `Gemini CLI ${GEMINI_NOW.version} -> 0.62.0`,
        '  events:',
        '    + BeforePlan',
        `    fails: ${test}`,
        '  config keys:',
        '    - hook key description',
        `    fails: ${test}`,
        '  settings and defaults:',
        '    default timeout (ms): 60000 -> 30000',
        `    fails: ${test}`,
        '  enum values:',
        '    + SessionStartSource = compact',
        `    fails: ${test}`,
        '  payload fields:',
        '    + BeforePlan input cwd',
        '    + BeforePlan input plan',
        `    fails: ${test}`,
        '  output fields:',
        '    + AfterTool output hookSpecificOutput.updatedOutput',
        `    fails: ${test}`,
        '  since 0.62.0: BeforePlan',
        '',
      ].join('\n'),
    );
  });

  it('Claude Code: an event and a handler key of the CLI binary, dated for the since table', () => {
    const after = structuredClone(CLAUDE_NOW);
    after.claudeCode.version = '2.1.340';
    after.claudeCode.events.push('PostSkill');
    after.claudeCode.handlerKeys.command.keys.push('retries');
    const changes = compareFacts('claude', CLAUDE_NOW, after);
    expect(changes.map((change) => `${change.change} ${change.subject} (${change.test.split(' › ')[0]})`)).toEqual([
      'added PostSkill (test/contracts/claude-agent-facts.test.ts)',
      'added command handler key retries (test/contracts/claude-agent-facts.test.ts)',
    ]);
    expect(sinceEntries(changes, '2.1.340')).toEqual({ 'event:PostSkill': '2.1.340', 'key:retries': '2.1.340' });
  });

  it('the same release on both sides: unchanged', () => {
    expect(formatChangeReport('gemini', GEMINI_NOW, GEMINI_NOW)).toBe(`Gemini CLI ${GEMINI_NOW.version}: unchanged\n`);
  });

  it('names only tests that exist: each `file › title` is a case of that file', () => {
    const missing = namedTests().filter((named) => {
      const [file, title] = named.split(' › ') as [string, string];
      return !readFileSync(join(REPO, file), 'utf8').includes(title.replace(/ \(else: .*$/, ''));
    });
    expect(missing).toEqual([]);
  });

  it('the CLI refuses an unknown agent with its usage', () => {
    const file = join(temp, 'facts.json');
    writeFileSync(file, '{}');
    expect(() => execFileSync(process.execPath, ['scripts/agent-changes.mjs', 'octo', file, file], { cwd: REPO, stdio: 'pipe' })).toThrow(
      /usage: node scripts\/agent-changes\.mjs <claude\|codex\|gemini>/,
    );
  });
});

describe('the table update agents:bump writes (updateProvenTable)', () => {
  const source = readFileSync(join(REPO, 'src', 'dialects', 'shared', 'agent-versions.ts'), 'utf8');

  it('sets the new versions and adds since entries, once', () => {
    const updated = updateProvenTable(
      source,
      { '@openai/codex': '0.172.0', '@google/gemini-cli': '0.62.0' },
      {
        '@openai/codex': { 'event:PreFoo': '0.172.0', 'event:PreModelRequest': '0.172.0' },
        '@google/gemini-cli': { 'event:BeforePlan': '0.62.0' },
      },
    );
    expect(updated).toContain("version: '0.172.0',");
    expect(updated).toContain("    since: {\n      'event:BeforePlan': '0.62.0',\n    },");
    expect(updated).toContain("      'event:PostModelRequest': '0.164.0',\n      'event:PreFoo': '0.172.0',\n    },");
    // An event already dated keeps its date.
    expect(updated.match(/'event:PreModelRequest'/g)).toHaveLength(1);
    expect(updateProvenTable(updated, {}, { '@openai/codex': { 'event:PreFoo': '0.172.0' } })).toBe(updated);
    expect(updateProvenTable(source, {})).toBe(source);
  });

  it("rewrites docs/conformance.md's table of proven releases", () => {
    const page = readFileSync(join(REPO, 'docs', 'conformance.md'), 'utf8');
    const updated = updateDocsTable(page, { '@openai/codex': '0.172.0' });
    expect(updated).toContain('| codex | OpenAI Codex | `@openai/codex` | 0.172.0 |');
    expect(updated.replace('0.172.0 |', `${PROVEN_AGENTS.codex!.version} |`)).toBe(page);
  });

  it('refuses a package the table does not have', () => {
    expect(() => updateProvenTable(source, { '@example/agent': '1.0.0' })).toThrow(
      'agent-versions.ts has no agent with package @example/agent',
    );
  });
});
