import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDialectRules } from '../../src/dialects/registry.js';
import { RULES } from '../../src/lint/rules/index.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * What the CLI imports, seen through a module loader hook that names every ES module (and every
 * package entry and Node built-in imported from one) on stderr. The binary runs the bundle
 * (dist/cli/hookctl.cjs), which keeps the module graph's lazy imports lazy; so the graph is read
 * where it is visible, from the compiled ES modules the bundle is made of (dist/src/cli/main.js).
 * Command modules must only define options, so start-up and a lint run stay cheap: no validators,
 * engine, or parser a run does not need.
 */
const HOOKS =
  "export async function load(url, context, next) { process.stderr.write('module-loaded ' + url + '\\n'); return next(url, context); }";
const HOOKS_URL = `data:text/javascript,${encodeURIComponent(HOOKS)}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(HOOKS_URL)});`;
const MAIN = pathToFileURL(fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url))).href;
/** `hookctl <args>` from the compiled modules: main(argv) as bin/hookctl.js calls the bundle's. */
const ENTRY =
  `const { main } = await import(${JSON.stringify(MAIN)});\n` +
  "process.exitCode = await main(['node', 'hookctl', ...process.argv.slice(1)]);";

interface Loaded {
  packages: string[];
  files: string[];
  builtins: string[];
}

function runEntry(args: string[], cwd: string | undefined, input: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [`--import=data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', ENTRY, '--', ...args],
      {
        cwd: cwd ?? process.cwd(),
        env: { ...process.env, NO_COLOR: '1' },
        stdio: ['pipe', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
    child.stdin.end(input);
  });
}

async function loadedModules(args: string[], cwd?: string, input = ''): Promise<Loaded> {
  const result = await runEntry(args, cwd, input);
  expect(result.code, result.stderr).not.toBe(2);
  const urls = [...result.stderr.matchAll(/^module-loaded ((?:file|node):\S+)$/gm)].map((match) => decodeURIComponent(match[1]!));
  expect(urls.some((url) => url.endsWith('/dist/src/cli/main.js'))).toBe(true); // the hook saw the CLI load
  const packages = new Set(urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
  return {
    packages: [...packages].sort(),
    files: urls.filter((url) => url.startsWith('file:') && !url.includes('/node_modules/')),
    builtins: [...new Set(urls.filter((url) => url.startsWith('node:')))].sort(),
  };
}

/** Modules only a hook run needs: payload validators, the engine, a dialect's runtime protocol. */
const RUNTIME_ONLY = [
  /\/dist\/generated\//,
  /\/dist\/src\/engine\//,
  /\/dist\/src\/dialects\/[^/]+\/(index|protocol|trust)\.js$/,
  /\/dist\/src\/codegen\//,
];

describe('CLI start-up imports', () => {
  it('hookctl --help loads commander and the command definitions only', async () => {
    const { packages, files } = await loadedModules(['--help']);
    expect(packages).toEqual(['commander']);
    expect(files.filter((file) => RUNTIME_ONLY.some((pattern) => pattern.test(file)) || file.includes('/dist/src/config/'))).toEqual([]);
  });

  it('hookctl --version loads neither commander nor any command, and of the dialects only the table of proven agent releases', async () => {
    const { packages, files } = await loadedModules(['--version']);
    expect(packages).toEqual([]);
    const heavy = files.filter((file) => /\/dist\/src\/(cli\/(commands|actions)|engine|config|dialects)\//.test(file));
    expect(heavy.map((file) => file.replace(/^.*\/dist\//, 'dist/'))).toEqual(['dist/src/dialects/shared/agent-versions.js']);
  });

  it('hookctl lint on a JSON-only project loads the JSON parser but no YAML or TOML library, validators or engine', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'project/.openinterpreter/hooks.json',
      '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] } }\n',
    );
    const { packages, files } = await loadedModules(
      ['lint', '--dialect', 'openinterpreter', '--home', sandbox.home, '--managed', join(sandbox.root, 'no-requirements.toml')],
      sandbox.project,
    );
    expect(packages).toEqual(['commander', 'jsonc-parser']);
    expect(files.filter((file) => RUNTIME_ONLY.some((pattern) => pattern.test(file)))).toEqual([]);
  });

  it('hookctl lint on an octo project loads the YAML library and not the JSON or TOML parsers', async () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yml', 'hooks:\n  Stop:\n    - command: echo done\n');
    const { packages } = await loadedModules(['lint', '--dialect', 'octo', '--home', sandbox.home], sandbox.project);
    expect(packages).toEqual(['commander', 'yaml']);
  });

  it('hookctl run loads the engine, its dialect and load rules only: no lint-only rule, reporter, regex parser or HTTP stack', async () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.claude.json', JSON.stringify({ projects: { [sandbox.project]: { hasTrustDialogAccepted: true } } }));
    sandbox.write(
      'project/.claude/settings.json',
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'exit 0' }] }] } }),
    );
    sandbox.write(
      'project/.claude/skills/deploy/SKILL.md',
      '---\nname: deploy\nhooks:\n  PreToolUse:\n    - hooks:\n        - type: command\n          command: exit 0\n---\nDeploy.\n',
    );
    const payload = {
      session_id: 's',
      transcript_path: join(sandbox.root, 't.jsonl'),
      cwd: sandbox.project,
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 'toolu_1',
    };
    const managed = join(sandbox.root, 'managed-settings.json');
    const { packages, files, builtins } = await loadedModules(
      ['run', 'PreToolUse', '--dialect', 'claude', '--home', sandbox.home, '--managed', managed],
      sandbox.project,
      JSON.stringify(payload),
    );
    // `run` is parsed without commander (src/cli/fast-argv.ts): an agent pays for its start on every tool call.
    expect(packages).toEqual(['jsonc-parser']);
    const claudeOwn = (await loadDialectRules('claude'))
      .filter((rule) => !rule.atLoad)
      .map((rule) => `/dist/src/dialects/claude/rules/${rule.meta.id}.js`);
    const lintOnly = [...RULES.filter((rule) => !rule.atLoad).map((rule) => `/dist/src/lint/rules/${rule.meta.id}.js`), ...claudeOwn];
    expect(lintOnly.length).toBeGreaterThan(0);
    expect(files.filter((file) => lintOnly.some((rule) => file.endsWith(rule)) || file.endsWith('/lint/rules/index.js'))).toEqual([]);
    expect(files.filter((file) => /\/dist\/src\/lint\/reporters\/(?!formats\.js)/.test(file))).toEqual([]);
    // The other dialects contribute their manifests (names, events and their row of the cross-agent table, all data) only.
    expect(
      files.filter((file) =>
        /\/dist\/(src\/dialects\/(codex|octo|openinterpreter)\/(?!manifest|events|concordance)|generated\/(?!claude))/.test(file),
      ),
    ).toEqual([]);
    // Skill frontmatter is listed, never dispatched: its YAML parser and reader stay out of a run.
    expect(files.filter((file) => /\/(parse-yaml|parse-toml)\.js$/.test(file))).toEqual([]);
    expect(files.some((file) => file.endsWith('/dist/src/engine/engine.js'))).toBe(true);
    expect(builtins.filter((name) => ['node:http', 'node:https', 'node:crypto', 'node:zlib'].includes(name))).toEqual([]);
  });
});
