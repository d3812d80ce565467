import { describe, expect, it } from 'vitest';
import { formatSarif } from '../../../src/lint/reporters/sarif.js';
import { CWD, REPORT, RULES, finding } from './fixtures.js';

interface SarifLog {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; informationUri: string; rules: { id: string; shortDescription: { text: string }; help: { text: string }; helpUri: string; defaultConfiguration: { level: string } }[] } };
    originalUriBaseIds: Record<string, { uri: string }>;
    results: {
      ruleId: string;
      ruleIndex?: number;
      level: string;
      message: { text: string };
      locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } } }[];
    }[];
  }[];
}

const sarif = (findings = REPORT.findings): SarifLog => JSON.parse(formatSarif({ rules: RULES, findings }, { cwd: CWD, version: '1.2.3' }));

describe('formatSarif', () => {
  it('is a SARIF 2.1.0 log with one run by hookctl', () => {
    const log = sarif();
    expect(log.$schema).toMatch(/sarif-schema-2\.1\.0\.json$/);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]!.tool.driver).toMatchObject({ name: 'hookctl', version: '1.2.3', informationUri: expect.stringMatching(/^https:\/\//) });
    expect(log.runs[0]!.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///work/project/' } });
  });

  it('describes every rule with help text, a help link and its default level', () => {
    expect(sarif().runs[0]!.tool.driver.rules).toEqual(
      RULES.map((rule) => ({
        id: rule.id,
        shortDescription: { text: rule.description },
        help: { text: `${rule.description} See docs/rules/${rule.id}.md for a wrong and a right example.` },
        helpUri: `https://unpkg.com/hookctl@1.2.3/docs/rules/${rule.id}.md`,
        defaultConfiguration: { level: { error: 'error', warning: 'warning', info: 'note' }[rule.severity] },
      })),
    );
  });

  it('gives each result its rule, level, message and location', () => {
    const { results, tool } = sarif().runs[0]!;
    expect(results).toEqual([
      {
        ruleId: 'matcher-ignored',
        ruleIndex: 2,
        level: 'warning',
        message: { text: 'matcher is ignored on Stop' },
        locations: [{ physicalLocation: { artifactLocation: { uri: '.octo/hooks.yml', uriBaseId: '%SRCROOT%' }, region: { startLine: 12, startColumn: 7 } } }],
      },
      {
        ruleId: 'unknown-event',
        ruleIndex: 1,
        level: 'error',
        message: { text: 'unknown event "PreToolUze"; did you mean "PreToolUse"?' },
        locations: [{ physicalLocation: { artifactLocation: { uri: '.octo/hooks.yml', uriBaseId: '%SRCROOT%' }, region: { startLine: 3, startColumn: 3 } } }],
      },
      {
        ruleId: 'features-disabled',
        ruleIndex: 3,
        level: 'note',
        message: { text: 'hooks are disabled' },
        locations: [{ physicalLocation: { artifactLocation: { uri: 'file:///home/me/.octo/config.toml' }, region: { startLine: 1, startColumn: 1 } } }],
      },
    ]);
    for (const result of results) expect(tool.driver.rules[result.ruleIndex!]!.id).toBe(result.ruleId);
  });

  it.each([
    ['a file in a subdirectory', `${CWD}/sub dir/.openinterpreter/hooks.json`, { uri: 'sub%20dir/.openinterpreter/hooks.json', uriBaseId: '%SRCROOT%' }],
    ['a file outside the project', '/etc/openinterpreter/requirements.toml', { uri: 'file:///etc/openinterpreter/requirements.toml' }],
    ['a pseudo-path', 'env:OCTO_HOOK_STOP', { uri: 'env:OCTO_HOOK_STOP' }],
  ])('locates %s', (_name, file, artifactLocation) => {
    const [result] = sarif([finding({ file })]).runs[0]!.results;
    expect(result!.locations[0]!.physicalLocation.artifactLocation).toEqual(artifactLocation);
  });

  it('leaves out ruleIndex for a finding whose rule is not described', () => {
    const [result] = sarif([finding({ ruleId: 'not-a-rule' })]).runs[0]!.results;
    expect(result).not.toHaveProperty('ruleIndex');
    expect(result!.ruleId).toBe('not-a-rule');
  });
});
