import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { BIN, runCli } from '../helpers/run-cli.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

const exec = promisify(execFile);

/**
 * An unknown openinterpreter event is a warning as shipped (its Codex runtime skips it); these runs
 * raise it to an error with `--rule`, as a repository can, so the reporters show an error.
 */
const AS_ERROR = ['--rule', 'unknown-event=error'];
const UNKNOWN_EVENT_JSON = `{
  "hooks": {
    "PreToolUze": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }]
  }
}
`;
const IGNORED_MATCHER_JSON = `{
  "hooks": {
    "Stop": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo done" }] }]
  }
}
`;
const CLEAN_JSON = `{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] } }\n`;

interface JsonReport {
  findings: { ruleId: string; severity: string; message: string; file: string; line: number; column: number }[];
  errorCount: number;
  warningCount: number;
}

/** A sandbox whose project has `.openinterpreter/hooks.json` with the given text. */
function projectWith(hooksJson: string): TempProject {
  const sandbox = makeTempProject();
  sandbox.write('project/.openinterpreter/hooks.json', hooksJson);
  return sandbox;
}

function lint(sandbox: TempProject, ...args: string[]) {
  return runCli(['lint', '--home', sandbox.home, '--managed', join(sandbox.root, 'no-requirements.toml'), ...AS_ERROR, ...args], {
    cwd: sandbox.project,
    env: { HOME: sandbox.home },
  });
}

function expectNoStackTrace(stderr: string) {
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toContain('internal error');
}

describe('hookctl lint colours', () => {
  function lintWithEnv(env: Record<string, string | undefined>) {
    const sandbox = projectWith(UNKNOWN_EVENT_JSON);
    return runCli(['lint', '--home', sandbox.home, '--managed', join(sandbox.root, 'no-requirements.toml'), ...AS_ERROR], {
      cwd: sandbox.project,
      env: { HOME: sandbox.home, NO_COLOR: undefined, FORCE_COLOR: undefined, ...env },
    });
  }

  it('are off when stdout is not a terminal', async () => {
    expect((await lintWithEnv({})).stdout).not.toContain('\u001b[');
  });

  it('are on with FORCE_COLOR, even into a pipe (CI logs render ANSI)', async () => {
    const result = await lintWithEnv({ FORCE_COLOR: '1' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('\u001b[31merror');
  });

  it('stay off with FORCE_COLOR=0, and NO_COLOR wins over FORCE_COLOR', async () => {
    expect((await lintWithEnv({ FORCE_COLOR: '0' })).stdout).not.toContain('\u001b[');
    expect((await lintWithEnv({ FORCE_COLOR: '1', NO_COLOR: '1' })).stdout).not.toContain('\u001b[');
  });
});

describe('hookctl lint', () => {
  it('exits 0 and prints nothing for a clean project', async () => {
    const result = await lint(projectWith(CLEAN_JSON));
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('reports an error with file, position, rule id and a summary, and exits 1', async () => {
    const result = await lint(projectWith(UNKNOWN_EVENT_JSON));
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('.openinterpreter/hooks.json');
    expect(lines[1]).toMatch(/^ {2}3:5 {2}error {2}.*PreToolUze.*PreToolUse.* {2}unknown-event$/);
    expect(lines.at(-1)).toBe('✖ 1 problem (1 error, 0 warnings)');
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('wraps rows to COLUMNS when stdout is a pipe, and keeps them whole without it', async () => {
    const sandbox = projectWith(UNKNOWN_EVENT_JSON);
    const whole = await lint(sandbox);
    expect(whole.stdout.split('\n')[1]).toMatch(/^ {2}3:5 {2}error {2}unknown openinterpreter event .*"PreToolUse"\? {2}unknown-event$/);
    const wrapped = await runCli(['lint', '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml'), ...AS_ERROR], {
      cwd: sandbox.project,
      env: { HOME: sandbox.home, COLUMNS: '40' },
    });
    const rows = wrapped.stdout.split('\n').slice(1, wrapped.stdout.split('\n').indexOf(''));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(40);
    expect(rows.slice(1).every((row) => row.startsWith(' '.repeat(14)))).toBe(true);
    // The same words in the same order: only the line breaks differ.
    const words = (text: string) => text.trim().split(/\s+/);
    expect(words(rows.join(' '))).toEqual(words(whole.stdout.split('\n')[1]!));
  });

  it('wraps rows to the width of the terminal it writes to', async () => {
    const sandbox = projectWith(UNKNOWN_EVENT_JSON);
    const args = [BIN, 'lint', '--home', sandbox.home, '--managed', join(sandbox.root, 'none.toml'), ...AS_ERROR];
    // A real pseudo-terminal 44 columns wide; the child sets its size before hookctl starts.
    const script = [
      'import fcntl, os, pty, struct, sys, termios',
      'pid, fd = pty.fork()',
      'if pid == 0:',
      '    fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 44, 0, 0))',
      '    os.execv(sys.argv[1], sys.argv[1:])',
      'out = b""',
      'while True:',
      '    try: data = os.read(fd, 4096)',
      '    except OSError: break',
      '    if not data: break',
      '    out += data',
      'sys.stdout.write(out.decode())',
    ].join('\n');
    const { stdout } = await exec('python3', ['-c', script, process.execPath, ...args], {
      cwd: sandbox.project,
      env: { ...process.env, HOME: sandbox.home, NO_COLOR: '1', COLUMNS: undefined },
      timeout: 30_000,
    });
    const lines = stdout.split('\r\n');
    expect(lines[1]).toMatch(/^ {2}3:5 {2}error {2}unknown openinterpreter event$/);
    expect(lines.filter((line) => line.startsWith(' '.repeat(14))).length).toBeGreaterThan(0);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(44);
  });

  it('prints json with every field of each finding and the counts', async () => {
    const result = await lint(projectWith(UNKNOWN_EVENT_JSON), '--format', 'json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report).toMatchObject({ errorCount: 1, warningCount: 0 });
    expect(report.findings).toEqual([
      {
        ruleId: 'unknown-event',
        severity: 'error',
        message: expect.stringContaining('PreToolUse'),
        file: '.openinterpreter/hooks.json',
        line: 3,
        column: 5,
      },
    ]);
  });

  it('prints GitHub annotations', async () => {
    const result = await lint(projectWith(UNKNOWN_EVENT_JSON), '--format', 'github');
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^::error file=\.openinterpreter\/hooks\.json,line=3,col=5,title=unknown-event::.*PreToolUse.*\n$/);
  });

  it('prints a SARIF 2.1.0 log whose results point at described rules', async () => {
    const result = await lint(projectWith(UNKNOWN_EVENT_JSON), '--format', 'sarif');
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout);
    expect(log).toMatchObject({ version: '2.1.0', $schema: expect.stringContaining('sarif-schema-2.1.0') });
    expect(log.runs).toHaveLength(1);
    const { driver } = log.runs[0].tool;
    expect(driver).toMatchObject({ name: 'hookctl', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const ruleIds = driver.rules.map((rule: { id: string }) => rule.id);
    expect(ruleIds).toEqual(expect.arrayContaining(['parse-error', 'unknown-event', 'duplicate-key', 'slow-launcher']));
    for (const rule of driver.rules) {
      expect(rule).toMatchObject({
        shortDescription: { text: expect.any(String) },
        help: { text: expect.any(String) },
        helpUri: expect.stringMatching(/^https:\/\/.*\.md$/),
      });
      expect(['error', 'warning', 'note']).toContain(rule.defaultConfiguration.level);
    }
    expect(log.runs[0].results).toEqual([
      {
        ruleId: 'unknown-event',
        ruleIndex: ruleIds.indexOf('unknown-event'),
        level: 'error',
        message: {
          text: expect.stringContaining('PreToolUse'),
          id: 'ignoredDidYouMean',
          arguments: expect.arrayContaining(['openinterpreter', 'PreToolUze', 'PreToolUse']),
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: '.openinterpreter/hooks.json', uriBaseId: '%SRCROOT%' },
              region: { startLine: 3, startColumn: 5 },
            },
          },
        ],
        partialFingerprints: { 'hookctlFindingHash/v1': expect.stringMatching(/^[0-9a-f]{32}:1$/) },
      },
    ]);
  });

  it('gives SARIF columns in UTF-16 code units, as it declares (columnKind)', async () => {
    // Two astral characters before the event: 2 code points but 4 UTF-16 code units.
    const line = '{ "description": "😀😀", "hooks": { "PreToolUze": [{ "hooks": [{ "type": "command", "command": "echo hi" }] }] } }';
    const result = await lint(projectWith(`${line}\n`), '--format', 'sarif');
    const run = JSON.parse(result.stdout).runs[0];
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.results[0].locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: line.indexOf('"PreToolUze"') + 1 });
  });

  it('keeps a SARIF fingerprint when lines are added above the finding', async () => {
    const fingerprint = async (json: string) =>
      JSON.parse((await lint(projectWith(json), '--format', 'sarif')).stdout).runs[0].results[0].partialFingerprints;
    expect(await fingerprint(`\n\n${UNKNOWN_EVENT_JSON}`)).toEqual(await fingerprint(UNKNOWN_EVENT_JSON));
  });

  it.each([
    [[], 0],
    [['--max-warnings', '1'], 0],
    [['--max-warnings', '0'], 1],
  ])('with warnings only and %j exits %i', async (args, code) => {
    const result = await lint(projectWith(IGNORED_MATCHER_JSON), '--format', 'json', ...args);
    expect(result.code).toBe(code);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report).toMatchObject({ errorCount: 0, warningCount: 1 });
    expect(report.findings[0]).toMatchObject({ ruleId: 'matcher-ignored', severity: 'warning', line: 3 });
    if (code === 1) expect(result.stderr).toContain('too many warnings (1; --max-warnings allows 0)');
    else expect(result.stderr).toBe('');
  });

  it.each([
    ['JSON', '.openinterpreter/hooks.json', '{\n  "hooks": {},\n}\n', 3, 1],
    ['TOML', '.openinterpreter/config.toml', '[hooks]\nStop = [\n', 3, 1],
    ['YAML', '.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: "echo\n', 4, 1],
  ])('reports malformed %s as a parse error at the syntax error, without a stack trace', async (_format, file, text, line, column) => {
    const sandbox = makeTempProject();
    sandbox.write(`project/${file}`, text);
    const result = await lint(sandbox, '--format', 'json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.findings).toEqual([expect.objectContaining({ ruleId: 'parse-error', severity: 'error', file, line, column })]);
    expectNoStackTrace(result.stderr);
  });

  it('lints only the files given, inferring each one’s dialect from its path', async () => {
    const sandbox = projectWith(UNKNOWN_EVENT_JSON);
    sandbox.write(
      'project/.octo/hooks.yml',
      'hooks:\n  Stop:\n    - command: echo done\n      async: true\n  PreToolUse:\n    - command: echo hi\n      async: true\n',
    );
    const result = await lint(sandbox, '.octo/hooks.yml', '--format', 'json');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.findings).toEqual([
      expect.objectContaining({ ruleId: 'async-not-allowed', file: '.octo/hooks.yml', line: 7, column: 14 }),
    ]);
  });

  it.each([
    ['an unknown format', ['--format', 'xml'], /argument 'xml' is invalid/],
    ['a bad --max-warnings', ['--max-warnings', 'many'], /whole number of warnings/],
    ['a missing file', ['nowhere/hooks.json'], /nowhere\/hooks\.json: no such file/],
    ['a directory instead of a file', ['.openinterpreter'], /\.openinterpreter: not a file/],
  ])('exits 2 with a one-line reason on %s', async (_name, args, reason) => {
    const result = await lint(projectWith(CLEAN_JSON), ...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(reason);
    expectNoStackTrace(result.stderr);
  });

  it('shows pre-commit and GitHub Actions examples in --help', async () => {
    const result = await runCli(['lint', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--format <format>');
    expect(result.stdout).toContain('--max-warnings <n>');
    expect(result.stdout).toContain('pre-commit');
    expect(result.stdout).toContain('- repo: local');
    expect(result.stdout).toMatch(/- uses: hookctl\/hookctl@v\d/);
  });
});
