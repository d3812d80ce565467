import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfigSpec } from '../../../src/dialects/registry.js';
import type { Finding } from '../../../src/kit/finding.js';
import { FINGERPRINT_KEY, formatSarif } from '../../../src/lint/reporters/sarif.js';
import { runLint } from '../../../src/lint/run-lint.js';
import { makeTempProject } from '../../helpers/temp-project.js';
import { CWD, REPORT, RULES, finding } from './fixtures.js';

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        informationUri: string;
        rules: {
          id: string;
          shortDescription: { text: string };
          help: { text: string };
          helpUri: string;
          defaultConfiguration: { level: string };
          messageStrings: Record<string, { text: string }>;
        }[];
      };
    };
    originalUriBaseIds: Record<string, { uri: string }>;
    columnKind: string;
    results: {
      partialFingerprints: Record<string, string>;
      ruleId: string;
      ruleIndex?: number;
      level: string;
      message: { text: string; id?: string; arguments?: string[] };
      locations: {
        physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } };
      }[];
    }[];
  }[];
}

const sarif = (findings = REPORT.findings, cwd = CWD): SarifLog =>
  JSON.parse(formatSarif({ rules: RULES, findings }, { root: cwd, version: '1.2.3' }));
const FINGERPRINT = expect.stringMatching(/^[0-9a-f]{32}:\d+$/) as unknown as string;

describe('formatSarif', () => {
  it('is a SARIF 2.1.0 log with one run by hookctl', () => {
    const log = sarif();
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]!.tool.driver).toMatchObject({
      name: 'hookctl',
      version: '1.2.3',
      informationUri: expect.stringMatching(/^https:\/\//),
    });
    expect(log.runs[0]!.originalUriBaseIds).toEqual({
      '%SRCROOT%': { uri: 'file:///work/project/', description: { text: 'The repository root.' } },
    });
  });

  it('declares that columns count UTF-16 code units', () => {
    expect(sarif().runs[0]!.columnKind).toBe('utf16CodeUnits');
  });

  it('describes every rule with help text, a help link and its default level', () => {
    expect(sarif().runs[0]!.tool.driver.rules).toEqual(
      RULES.map((rule) => ({
        id: rule.id,
        shortDescription: { text: rule.description },
        help: { text: `${rule.description} See docs/rules/${rule.id}.md for a wrong and a right example.` },
        helpUri: `https://unpkg.com/hookctl@1.2.3/docs/rules/${rule.id}.md`,
        defaultConfiguration: { level: { error: 'error', warning: 'warning', info: 'note' }[rule.severity] },
        messageStrings: expect.any(Object),
      })),
    );
  });

  it('gives each rule its messages as messageStrings, {{name}} placeholders numbered {0}, {1} in order of appearance', () => {
    const rules = sarif().runs[0]!.tool.driver.rules;
    expect(rules.map((rule) => rule.messageStrings)).toEqual([
      { unreadable: { text: '{0}; nothing in this file is loaded' } },
      { unknownDidYouMean: { text: 'unknown event "{0}"; did you mean "{1}"?' } },
      { ignored: { text: 'matcher is ignored on {0}' } },
      { hooksOff: { text: 'hooks are disabled' } },
    ]);
  });

  it('doubles literal braces and numbers a repeated placeholder once', () => {
    const rules = [{ ...RULES[0]!, messages: { braces: 'write {"{{key}}": 1} for {{key}}, not {{value}}' } }];
    const log = JSON.parse(formatSarif({ rules, findings: [] }, { root: CWD, version: '1.2.3' })) as SarifLog;
    expect(log.runs[0]!.tool.driver.rules[0]!.messageStrings).toEqual({ braces: { text: 'write {{"{0}": 1}} for {0}, not {1}' } });
  });

  it('gives each result its rule, level, message and location', () => {
    const { results, tool } = sarif().runs[0]!;
    expect(results).toEqual([
      {
        ruleId: 'matcher-ignored',
        ruleIndex: 2,
        level: 'warning',
        message: { text: 'matcher is ignored on Stop', id: 'ignored', arguments: ['Stop'] },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: '.octo/hooks.yml', uriBaseId: '%SRCROOT%' },
              region: { startLine: 12, startColumn: 7 },
            },
          },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: FINGERPRINT },
      },
      {
        ruleId: 'unknown-event',
        ruleIndex: 1,
        level: 'error',
        message: {
          text: 'unknown event "PreToolUze"; did you mean "PreToolUse"?',
          id: 'unknownDidYouMean',
          arguments: ['PreToolUze', 'PreToolUse'],
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: '.octo/hooks.yml', uriBaseId: '%SRCROOT%' },
              region: { startLine: 3, startColumn: 3 },
            },
          },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: FINGERPRINT },
      },
      {
        ruleId: 'features-disabled',
        ruleIndex: 3,
        level: 'note',
        message: { text: 'hooks are disabled', id: 'hooksOff' },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: 'file:///home/me/.octo/config.toml' }, region: { startLine: 1, startColumn: 1 } },
          },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: FINGERPRINT },
      },
    ]);
    for (const result of results) expect(tool.driver.rules[result.ruleIndex!]!.id).toBe(result.ruleId);
  });

  it.each([
    [
      'a file in a subdirectory',
      `${CWD}/sub dir/.openinterpreter/hooks.json`,
      { uri: 'sub%20dir/.openinterpreter/hooks.json', uriBaseId: '%SRCROOT%' },
    ],
    ['a file outside the project', '/etc/openinterpreter/requirements.toml', { uri: 'file:///etc/openinterpreter/requirements.toml' }],
    ['a pseudo-path', 'env:OCTO_HOOK_STOP', { uri: 'env:OCTO_HOOK_STOP' }],
  ])('locates %s', (_name, file, artifactLocation) => {
    const [result] = sarif([finding({ file })]).runs[0]!.results;
    expect(result!.locations[0]!.physicalLocation.artifactLocation).toEqual(artifactLocation);
  });

  it('leaves out ruleIndex and the message id for a finding whose rule is not described', () => {
    const [result] = sarif([finding({ ruleId: 'not-a-rule' })]).runs[0]!.results;
    expect(result).not.toHaveProperty('ruleIndex');
    expect(result!.ruleId).toBe('not-a-rule');
    expect(result!.message).toEqual({ text: 'unknown event "PreToolUze"; did you mean "PreToolUse"?' });
  });

  it("rebuilds every real finding's text from its rule's messageStrings and the result's arguments", async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/scripts/guard.sh', '#!/bin/sh\n');
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      '{\n  "hooks": {\n    "Stop": [{ "matcher": "x", "hooks": [{ "type": "command", "command": "npx ./scripts/gaurd.sh", ' +
        '"timeout": 30000 }] }],\n' +
        '    "PreToolUze": [{ "matcher": "(", "hooks": [{ "type": "prompt", "timeoutSec": 5 }] }]\n  }\n}\n',
    );
    const context = { cwd: sandbox.project, home: sandbox.home, env: {} };
    const result = await runLint({ spec: await loadConfigSpec('openinterpreter'), context });
    const log = JSON.parse(formatSarif(result, { root: sandbox.project, version: '1.2.3' })) as SarifLog;
    const { results, tool } = log.runs[0]!;
    expect(results.length).toBeGreaterThanOrEqual(6);
    for (const { ruleIndex, message } of results) {
      const format = tool.driver.rules[ruleIndex!]!.messageStrings[message.id!]!.text;
      const rebuilt = format.replace(/\{\{|\}\}|\{(\d+)\}/g, (token, index?: string) =>
        index === undefined ? token[0]! : message.arguments![Number(index)]!,
      );
      expect(rebuilt).toBe(message.text);
    }
  });
});

describe('SARIF partialFingerprints', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** A project whose .octo/hooks.yml has `lines`; findings point into it by line number. */
  function project(lines: string[]): { cwd: string; file: string } {
    const cwd = mkdtempSync(join(tmpdir(), 'hookctl-sarif-'));
    dirs.push(cwd);
    mkdirSync(join(cwd, '.octo'));
    writeFileSync(join(cwd, '.octo/hooks.yml'), lines.join('\n'));
    return { cwd, file: join(cwd, '.octo/hooks.yml') };
  }

  const prints = (findings: Finding[], cwd: string) =>
    sarif(findings, cwd).runs[0]!.results.map((r) => r.partialFingerprints[FINGERPRINT_KEY]);

  it('are the same on every run and when lines are inserted above the finding', () => {
    const before = project(['hooks:', '  PreToolUze:', '    - command: echo hi']);
    const after = project(['# a comment', '', 'hooks:', '  PreToolUze:', '    - command: echo hi']);
    const at = (p: { file: string }, line: number) => [finding({ file: p.file, line, column: 3 })];
    expect(prints(at(before, 2), before.cwd)).toEqual(prints(at(before, 2), before.cwd));
    expect(prints(at(after, 4), after.cwd)).toEqual(prints(at(before, 2), before.cwd));
  });

  it('differ by rule, by line text and by file, and number identical lines in file order', () => {
    const p = project(['hooks:', '  PreToolUze:', '    - command: echo hi', '  PreToolUze:', '  Stopp:']);
    const [a, b, c, d] = prints(
      [
        finding({ file: p.file, line: 2 }),
        finding({ file: p.file, line: 2, ruleId: 'matcher-ignored' }),
        finding({ file: p.file, line: 4 }),
        finding({ file: p.file, line: 5 }),
      ],
      p.cwd,
    );
    expect(new Set([a, b, d]).size).toBe(3);
    expect(a!.split(':')[0]).toBe(c!.split(':')[0]);
    expect([a!.split(':')[1], c!.split(':')[1]]).toEqual(['1', '2']);
  });

  it('use the message for a location without a readable line (an environment variable)', () => {
    const [x, y] = prints(
      [finding({ file: 'env:OCTO_HOOK_STOP', line: 1, message: 'one' }), finding({ file: 'env:OCTO_HOOK_STOP', line: 1, message: 'two' })],
      CWD,
    );
    expect(x).not.toBe(y);
  });
});
