import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * Issue 23: our own minimal reproductions of the mistakes real repositories make (cwd-relative
 * script paths, tool matchers that never match, the bare MCP prefix, variables no agent sets,
 * timeouts in milliseconds, a PermissionRequest deny racing an allow, removed and legacy tool names,
 * an edit guard a shell patch walks around, events newer than the agent hookctl knows), in one
 * repository with a claude, a codex and an octo config. Plain `hookctl lint` there reports each of
 * them once, and nothing else (an octo `npx` is silenced by an inline `# hookctl-ignore`). Round 4
 * adds a Claude and a Codex plugin repository (the hooks files their manifests name), an unknown
 * openinterpreter event (an error since issue 39: a near match of PostToolUse), and a Gemini JSONC settings file
 * whose unknown event a `// hookctl-ignore` comment silences.
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/lint-mistakes', import.meta.url));

it('hookctl lint reports every reproduced mistake, and nothing else', async () => {
  const box = makeTempProject();
  cpSync(FIXTURE, box.project, { recursive: true });
  expect(spawnSync('git', ['init', '-q'], { cwd: box.project }).status).toBe(0);
  // PATH holds git alone, so needs-program says the same on every machine: uv is not on it (a warning).
  const git = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  mkdirSync(join(box.root, 'bin'));
  symlinkSync(git, join(box.root, 'bin', 'git'));
  const env = { HOME: box.home, PATH: join(box.root, 'bin') };
  const result = await runCli(['lint', '--format', 'json'], { cwd: box.project, env });
  expect(result.stderr).toBe('');
  const report = JSON.parse(result.stdout) as {
    findings: { file: string; line: number; column: number; ruleId: string; message: string; severity: string }[];
    files: string[];
  };
  // Every guard here fails open (no "onFailure"): that note is guard-fails-open's own test, not a reproduced mistake.
  const mistakes = report.findings.filter((f) => f.ruleId !== 'guard-fails-open');
  expect(mistakes.map((f) => `${f.file}:${f.line}:${f.column} ${f.ruleId}: ${f.message}`)).toEqual([
    expect.stringMatching(
      /^\.claude\/settings\.json:4:70 cwd-relative-script: .*bash exits 127, a non-blocking error: this PreToolUse hook/,
    ),
    expect.stringMatching(/^\.claude\/settings\.json:5:76 cwd-relative-script: .*uv exits 2, which on PreToolUse denies every tool call/),
    expect.stringMatching(
      /^\.claude\/settings\.json:5:76 needs-program: the hook needs uv, which is not on PATH here; .* guard fails open$/,
    ),
    expect.stringMatching(
      /^\.claude\/settings\.json:6:20 tool-matcher-never-matches: matcher "Bash\(git commit\*\)" is permission-rule syntax/,
    ),
    expect.stringMatching(/^\.claude\/settings\.json:7:20 tool-matcher-never-matches: matcher "bash" .*the tool is "Bash"$/),
    expect.stringMatching(/^\.claude\/settings\.json:8:20 tool-matcher-never-matches: matcher "terminal" is a tool name of octo/),
    expect.stringMatching(/^\.claude\/settings\.json:9:20 mcp-matcher-without-tool: matcher "mcp__" is the MCP prefix alone/),
    expect.stringMatching(/^\.claude\/settings\.json:12:20 tool-matcher-never-matches: matcher "Stop" is an event name/),
    expect.stringMatching(/^\.claude\/settings\.json:13:70 unset-variable: \$CLAUDE_FILE_PATHS is never set by claude/),
    expect.stringMatching(
      /^\.claude\/settings\.json:15:58 cwd-relative-script: .*python3 exits 2, which on Stop keeps every turn from ending/,
    ),
    expect.stringMatching(/^\.claude\/settings\.json:16:125 timeout-capped: timeout 15000 .* looks like milliseconds/),
    expect.stringMatching(
      /^\.claude\/settings\.json:19:19 permission-answer-race: this PermissionRequest hook and the one at \.claude\/settings\.json:18:38 /,
    ),
    expect.stringMatching(
      /^\.claude\/settings\.json:22:20 tool-matcher-never-matches: matcher "MultiEdit" .* no longer has, so it matches no tool/,
    ),
    expect.stringMatching(
      /^\.claude\/settings\.json:23:20 tool-matcher-never-matches: matcher "Task" uses "Task", the old name of the Agent tool/,
    ),
    expect.stringMatching(
      /^\.claude\/settings\.json:25:5 unknown-event: unknown claude event "PreCompat": Claude Code \d+\.\d+\.\d+, .*"PreCompact"\?$/,
    ),
    expect.stringMatching(/^\.codex\/hooks\.json:3:33 tool-matcher-never-matches: matcher "Shell" is a tool name of Cursor, not of codex/),
    expect.stringMatching(
      /^\.codex\/hooks\.json:3:84 cwd-relative-script: .*write "\$\(git rev-parse --show-toplevel 2>\/dev\/null \|\| pwd\)"\/\.codex\//,
    ),
    expect.stringMatching(
      /^\.codex\/hooks\.json:4:20 patch-via-shell: matcher "Write\|Edit\|apply_patch" selects file edits, but OpenAI Codex [\d.]+ also/,
    ),
    expect.stringMatching(/^\.codex\/hooks\.json:5:162 timeout-capped: timeout 15000 is above the 3s maximum .* looks like milliseconds/),
    expect.stringMatching(
      /^\.codex\/hooks\.json:6:5 unknown-event: unknown codex event "SessionStrat": OpenAI Codex [\d.]+, .*"SessionStart"\?$/,
    ),
    expect.stringMatching(/^\.octo\/hooks\.yml:4:16 cwd-relative-script: .*python3 exits 2, which on PreToolUse blocks every tool call/),
    expect.stringMatching(/^\.octo\/hooks\.yml:6:16 unset-variable: \$CLAUDE_PROJECT_DIR is never set by octo/),
    expect.stringMatching(
      /^\.openinterpreter\/hooks\.json:3:5 unknown-event: unknown openinterpreter event "PostToolUze": Open Interpreter as of 2026-09, /,
    ),
    // A Codex plugin repository: the file its manifest names is linted; hooks/hooks.json is then never read.
    expect.stringMatching(
      /^plugins\/codex-guard\/config\/hooks\.json:3:33 tool-matcher-never-matches: matcher "Shell" is a tool name of Cursor/,
    ),
    expect.stringMatching(
      /^plugins\/codex-guard\/hooks\/hooks\.json:1:1 unread-file: codex never reads hooks\/hooks\.json, .*\/plugin\.json takes/,
    ),
    // A Claude plugin repository: its manifest's hooks paths, outside the plugin or missing, and the file it adds.
    expect.stringMatching(
      /^plugins\/guard\/\.claude-plugin\/plugin\.json:3:35 plugin-discovery: plugin guard@local: hooks path "\.\.\/shared\/hooks\.json" is/,
    ),
    expect.stringMatching(
      /^plugins\/guard\/\.claude-plugin\/plugin\.json:3:59 plugin-discovery: plugin guard@local: hooks file "\.\/hooks\/missing\.json"/,
    ),
    expect.stringMatching(/^plugins\/guard\/hooks\/extra\.json:3:33 tool-matcher-never-matches: matcher "bash" .*the tool is "Bash"$/),
  ]);
  // Every plugin file was looked at, and the Gemini settings (whose unknown event a // comment silences).
  expect(report.files).toEqual(
    expect.arrayContaining([
      'plugins/guard/hooks/hooks.json',
      'plugins/guard/hooks/extra.json',
      'plugins/guard/.claude-plugin/plugin.json',
      'plugins/codex-guard/config/hooks.json',
      '.gemini/settings.json',
    ]),
  );
  // The Task alias and the shell-patch note are info; what only costs something or may break (a variable
  // never set, a capped timeout, a race, a plugin path, a program PATH lacks) a warning; every hook that
  // silently never runs or guard that does not guard an error (issue 39): cwd-relative scripts, matchers
  // that never match (the bare MCP prefix too), misspelled events (all three are near matches of a known
  // one), a hooks file the agent never reads.
  const levels = (severity: string) => mistakes.filter((f) => f.severity === severity).map((f) => f.ruleId);
  expect(levels('info')).toEqual(['tool-matcher-never-matches', 'patch-via-shell']);
  expect(levels('warning')).toEqual([
    'needs-program',
    'unset-variable',
    'timeout-capped',
    'permission-answer-race',
    'timeout-capped',
    'unset-variable',
    'plugin-discovery',
    'plugin-discovery',
  ]);
  expect(new Set(levels('error'))).toEqual(
    new Set(['cwd-relative-script', 'tool-matcher-never-matches', 'mcp-matcher-without-tool', 'unknown-event', 'unread-file']),
  );
  // So CI fails. The octo npx is silenced by its # hookctl-ignore comment, the Gemini unknown event by its // one.
  expect(result.code).toBe(1);
});
