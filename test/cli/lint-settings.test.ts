import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

// Two findings: unknown-event (error, octo refuses the file) and slow-launcher (npx, a warning).
const OCTO = 'hooks:\n  PreToolUze:\n    - command: echo hi\n  Stop:\n    - command: npx cowsay done\n';

interface JsonReport {
  findings: { ruleId: string; severity: string; line: number }[];
  errorCount: number;
  warningCount: number;
}

function project(octo = OCTO, files: Record<string, string> = {}): TempProject {
  const sandbox = makeTempProject();
  sandbox.write('project/.octo/hooks.yml', octo);
  for (const [path, content] of Object.entries(files)) sandbox.write(`project/${path}`, content);
  return sandbox;
}

function lint(sandbox: TempProject, ...args: string[]) {
  return runCli(['lint', '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml'), ...args], {
    cwd: sandbox.project,
    env: { HOME: sandbox.home },
  });
}

async function findings(sandbox: TempProject, ...args: string[]): Promise<{ code: number | null; rules: string[]; report: JsonReport }> {
  const result = await lint(sandbox, '--format', 'json', ...args);
  const report = JSON.parse(result.stdout) as JsonReport;
  return { code: result.code, rules: report.findings.map((f) => `${f.ruleId} ${f.severity}`), report };
}

describe('lint rule settings (issue 23): hookctl.config.json, package.json "hookctl", --rule', () => {
  it('as shipped: an error and a warning, exit 1', async () => {
    expect(await findings(project())).toMatchObject({ code: 1, rules: ['unknown-event error', 'slow-launcher warning'] });
  });

  it('hookctl.config.json turns a rule off and another down; the exit status follows', async () => {
    const sandbox = project(OCTO, { 'hookctl.config.json': '{ "rules": { "unknown-event": "warn", "slow-launcher": "off" } }\n' });
    const { code, rules, report } = await findings(sandbox);
    expect(rules).toEqual(['unknown-event warning']);
    expect(report).toMatchObject({ errorCount: 0, warningCount: 1 });
    expect(code).toBe(0);
  });

  it('the "hookctl" key of package.json does the same', async () => {
    const sandbox = project(OCTO, { 'package.json': '{ "name": "x", "hookctl": { "rules": { "slow-launcher": "error" } } }\n' });
    expect((await findings(sandbox)).rules).toEqual(['unknown-event error', 'slow-launcher error']);
  });

  it('--rule wins over the file, and --max-warnings counts the effective levels', async () => {
    const sandbox = project(OCTO, { 'hookctl.config.json': '{ "rules": { "unknown-event": "off" } }\n' });
    const { code, rules } = await findings(sandbox, '--rule', 'unknown-event=info', '--rule', 'slow-launcher=warn', '--max-warnings', '0');
    expect(rules).toEqual(['unknown-event info', 'slow-launcher warning']);
    expect(code).toBe(1);
  });

  it.each([
    [
      'hookctl.config.json',
      '{ "rules": { "unknown-evnt": "off" } }',
      'hookctl.config.json "rules": unknown rule "unknown-evnt"; did you mean "unknown-event"?',
    ],
    [
      'hookctl.config.json',
      '{ "rule": {} }',
      'hookctl.config.json: unknown key "rule"; did you mean "rules"? (the only setting is "rules")',
    ],
    [
      'hookctl.config.json',
      '{ "rules": { "slow-launcher": "warning!" } }',
      'hookctl.config.json "rules"."slow-launcher": "warning!" is not a level; use "off", "info", "warn" or "error"',
    ],
    ['hookctl.config.json', '{ "rules": ', 'hookctl.config.json: not valid JSON ('],
    [
      'package.json',
      '{ "hookctl": { "rules": { "slow-launchr": "off" } } }',
      'package.json "hookctl" "rules": unknown rule "slow-launchr"; did you mean "slow-launcher"?',
    ],
  ])('%s %s is a one-line usage error', async (file, content, message) => {
    const result = await lint(project(OCTO, { [file]: `${content}\n` }));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`hookctl: ${message}`);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('both files at once are refused: which one wins would be a guess', async () => {
    const sandbox = project(OCTO, { 'hookctl.config.json': '{}\n', 'package.json': '{ "hookctl": {} }\n' });
    const result = await lint(sandbox);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('hookctl: hookctl.config.json and package.json "hookctl" both set lint rules; keep one of them\n');
  });

  it.each([
    ['slow-launchr=off', 'hookctl: --rule: unknown rule "slow-launchr"; did you mean "slow-launcher"?\n'],
    ['slow-launcher', 'hookctl: --rule slow-launcher: expected <rule-id>=<level>, for example --rule cwd-relative-script=off\n'],
    ['slow-launcher=loud', 'hookctl: --rule slow-launcher: "loud" is not a level; use "off", "info", "warn" or "error"\n'],
  ])('--rule %s is a usage error', async (value, stderr) => {
    const result = await lint(project(), '--rule', value);
    expect(result).toMatchObject({ code: 2, stdout: '', stderr });
  });

  it("a dialect's own rule (claude url-not-allowed) is known where no file of that dialect is linted", async () => {
    const sandbox = project(OCTO, { 'hookctl.config.json': '{ "rules": { "url-not-allowed": "off" } }\n' });
    const { code, rules } = await findings(sandbox, '--rule', 'url-not-allowed=warn');
    expect({ code, rules }).toEqual({ code: 1, rules: ['unknown-event error', 'slow-launcher warning'] });
    const run = JSON.parse((await lint(sandbox, '--format', 'sarif')).stdout).runs[0];
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toContain('url-not-allowed');
  });

  it('SARIF: results carry the effective level, the run records the overrides', async () => {
    const sandbox = project(OCTO, { 'hookctl.config.json': '{ "rules": { "unknown-event": "warn", "slow-launcher": "off" } }\n' });
    const result = await lint(sandbox, '--format', 'sarif');
    const run = JSON.parse(result.stdout).runs[0];
    expect(run.results.map((r: { ruleId: string; level: string }) => `${r.ruleId} ${r.level}`)).toEqual(['unknown-event warning']);
    const ids: string[] = run.tool.driver.rules.map((rule: { id: string }) => rule.id);
    expect(run.invocations).toEqual([
      {
        executionSuccessful: true,
        ruleConfigurationOverrides: [
          { descriptor: { id: 'unknown-event', index: ids.indexOf('unknown-event') }, configuration: { level: 'warning' } },
          { descriptor: { id: 'slow-launcher', index: ids.indexOf('slow-launcher') }, configuration: { enabled: false } },
        ],
      },
    ]);
    // The shipped default stays the rule's own.
    expect(run.tool.driver.rules[ids.indexOf('unknown-event')].defaultConfiguration).toEqual({ level: 'error' });
  });

  it('GitHub annotations follow the effective level', async () => {
    const result = await lint(project(), '--format', 'github', '--rule', 'unknown-event=warn');
    expect(result.stdout).toMatch(/^::warning file=\.octo\/hooks\.yml,line=2,col=3,title=unknown-event::/m);
  });
});

describe('inline ignores (YAML, TOML and JSONC comments)', () => {
  it('on the line, or alone on the line above, silence only the rules they name', async () => {
    const octo =
      'hooks:\n' +
      '  # hookctl-ignore unknown-event -- a newer octo has it\n' +
      '  PreToolUze:\n' +
      '    - command: echo hi\n' +
      '  Stop:\n' +
      '    - command: npx cowsay done # hookctl-ignore timeout-capped, slow-launcher\n' +
      '  PostToolUse:\n' +
      '    - command: npx cowsay post # hookctl-ignore unknown-event\n';
    expect((await findings(project(octo))).rules).toEqual(['slow-launcher warning']);
  });

  it('in a TOML file too', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.openinterpreter/config.toml', '[hooks]\nPreToolUze = [] # hookctl-ignore unknown-event\nSessionStrat = []\n');
    // SessionStrat is a near match of SessionStart: a misspelling, an error (issue 39).
    expect((await findings(sandbox)).rules).toEqual(['unknown-event error']);
  });

  it('with // in JSON-with-comments settings (Gemini CLI), on the line or alone on the line above', async () => {
    const sandbox = makeTempProject();
    const settings =
      '{\n' +
      '  // project hooks\n' +
      '  "hooks": {\n' +
      '    // hookctl-ignore unknown-event -- a newer Gemini CLI has it\n' +
      '    "BeforeToolz": [],\n' +
      '    "AfterToolz": [], // hookctl-ignore unknown-event\n' +
      '    "BeforeAgentz": []\n' +
      '  }\n' +
      '}\n';
    sandbox.write('project/.gemini/settings.json', settings);
    const { report } = await findings(sandbox);
    expect(report.findings.map((f) => `${f.line} ${f.ruleId}`)).toEqual(['7 unknown-event']);
  });

  it('not in plain JSON, which has no comments: a `//` there is a syntax error the agent rejects the file for', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.codex/hooks.json', '{\n  "hooks": {\n    "SessionStrat": [] // hookctl-ignore unknown-event\n  }\n}\n');
    expect((await findings(sandbox)).rules).toContain('parse-error error');
  });

  it('a directive naming no rule silences nothing and says so on stderr', async () => {
    const result = await lint(project('hooks:\n  Stop:\n    - command: npx cowsay done # hookctl-ignore slow-launchr\n'));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('slow-launcher');
    expect(result.stderr).toBe('hookctl: .octo/hooks.yml:3: hookctl-ignore names no rule "slow-launchr"; did you mean "slow-launcher"?\n');
  });
});
