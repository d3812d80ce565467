// Does what a user does with the published package, from the tarball `npm pack` makes: install it
// into an empty project, run `npx hookctl`, import the library, type-check against its typings.
// Nothing here reads the repo's own dist/ or node_modules at run time (except tsc, the tool).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE = 'examples/openinterpreter-policy-gate';
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const SETUP_TIMEOUT_MS = 120_000;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * npm run exports its own state to child processes (`npm_config_local_prefix` is the repo, plus the
 * repo's `npm_package_*` and lifecycle variables); a nested npm that saw them could act on the repo
 * instead of the temp project. The user's real npm config (cache, registry, userconfig) is kept, so
 * the offline install reads the same cache the repo's dependencies were installed from.
 */
function npmEnv(): Record<string, string> {
  const leaked = /^(npm_config_local_prefix|npm_package_|npm_lifecycle_|npm_command$|INIT_CWD$)/i;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !leaked.test(key)) env[key] = value;
  }
  return { ...env, NO_COLOR: '1', npm_config_update_notifier: 'false' };
}

function run(command: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function describeRun(what: string, ran: Ran): string {
  return `${what} exited ${ran.code}\n--- stdout\n${ran.stdout}\n--- stderr\n${ran.stderr}`;
}

/**
 * Package names a module imports: bare specifiers of static imports/exports and literal dynamic
 * imports. Type-only imports in .d.ts files count: a consumer's type-check resolves them too.
 */
function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? '');
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !specifier.includes('${'))
    .map((specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

let root: string;
let project: string;
let home: string;
let env: Record<string, string>;
let packedFiles: string[];
let installed: string;

/**
 * `npx hookctl …` as a user types it, plus `--no` (use the installed bin or fail, never fetch a
 * package named hookctl from the registry) and `--` (so npx leaves `--help` to hookctl).
 */
function hookctl(...args: string[]): Promise<Ran> {
  return run('npx', ['--no', '--', 'hookctl', ...args], project, { ...env, HOME: home });
}

beforeAll(async () => {
  if (!existsSync(join(REPO, 'dist/src/index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm test` does) — the tarball ships the built dist/');
  }
  env = npmEnv();
  root = mkdtempSync(join(tmpdir(), 'hookctl-pack-'));
  project = join(root, 'project');
  home = join(root, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home);

  // --ignore-scripts: `prepare` would rebuild dist/ in the shared tree while other tests run the
  // CLI from it; this test packs the build that `npm test` (or `npm run build`) just made.
  const packed = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', root], REPO, env);
  if (packed.code !== 0) throw new Error(describeRun('npm pack', packed));
  const [manifest] = JSON.parse(packed.stdout) as [{ filename: string; files: { path: string }[] }];
  packedFiles = manifest.files.map((file) => file.path);

  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-project', version: '1.0.0', private: true, type: 'module' }, null, 2));
  // --offline: dependencies come only from the npm cache, never the network. The cache holds them
  // because the repo's own install (`npm ci` in CI, `npm install` locally) fetched them through it:
  // the tarball pins the same versions, and package-lock.json has no `resolved` URLs, so that
  // install cached each package's registry metadata as well as its tarball. Alternatives rejected:
  // --prefer-offline may reach the registry; copying the repo's node_modules in would not test that
  // `dependencies` lists what the package needs.
  const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(root, manifest.filename)], project, env);
  if (install.code !== 0) {
    const hint = /ENOTCACHED/.test(install.stderr) ? '\nA dependency is not in the npm cache: run `npm ci` in the repo first (it fills the cache).' : '';
    throw new Error(describeRun('npm install --offline <tarball>', install) + hint);
  }
  installed = join(project, 'node_modules/hookctl');
  cpSync(join(REPO, EXAMPLE), join(project, EXAMPLE), { recursive: true });
}, SETUP_TIMEOUT_MS);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it.each([
    'package.json',
    'README.md',
    'bin/hookctl.js',
    'dist/src/index.js',
    'dist/src/index.d.ts',
    'dist/src/cli/main.js',
    'dist/generated/openinterpreter/validators.js',
    'dist/generated/octo/validators.js',
    'generated/openinterpreter/hook_types.py',
    'generated/octo/hook_types.py',
    'schema/openinterpreter/config.json',
    'schema/octo/config.json',
    'templates/py/hook.py',
    'docs/rules/unknown-event.md',
  ])('ships %s', (path) => {
    expect(packedFiles).toContain(path);
  });

  it.each(['src/', 'test/', 'bench/', 'scripts/', 'examples/', 'node_modules/', 'generated/openinterpreter/types.ts', 'tsconfig.json'])(
    'does not ship %s (sources, tests and tooling stay in the repo)',
    (prefix) => {
      expect(packedFiles.filter((path) => path.startsWith(prefix))).toEqual([]);
    },
  );

  it('ships every file its manifest points at (bin, main, types, exports)', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      main: string;
      types: string;
      exports: Record<string, string | Record<string, string>>;
    };
    const targets = [
      ...Object.values(manifest.bin),
      manifest.main,
      manifest.types,
      ...Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target))),
    ].filter((target) => !target.includes('*'));
    expect(targets.filter((target) => !existsSync(join(installed, target)))).toEqual([]);
  });

  it('declares as dependencies exactly the packages its shipped code imports', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
    const shipped = filesUnder(join(installed, 'dist')).filter((file) => file.endsWith('.js') || file.endsWith('.d.ts'));
    const imported = new Set(shipped.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));
    imported.delete(manifest.name); // scaffold templates name `hookctl/<dialect>` for the user's script
    expect([...imported].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });
});

describe('npx hookctl from the installed tarball', () => {
  it('prints help listing the commands', async () => {
    const result = await hookctl('--help');
    expect(result.code, describeRun('hookctl --help', result)).toBe(0);
    expect(result.stdout).toMatch(/^Usage: hookctl /);
    expect(result.stdout).toContain('dry-run [options] <event>');
  });

  it('reports the packed version', async () => {
    const result = await hookctl('--version');
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(result.stdout.trim()).toBe(version);
  });

  it('lints the example project clean', async () => {
    const result = await hookctl('lint', '--cwd', EXAMPLE);
    expect(result.code, describeRun('hookctl lint', result)).toBe(0);
  });

  it("blocks the README's dangerous command in a dry run", async () => {
    const result = await hookctl(
      'dry-run',
      'PreToolUse',
      '--cwd',
      EXAMPLE,
      '--payload',
      `${EXAMPLE}/hooks-tests/payloads/rm-rf.json`,
      '--dangerously-bypass-hook-trust',
    );
    expect(result.code, describeRun('hookctl dry-run', result)).toBe(0);
    expect(result.stdout).toContain('verdict: deny — refusing destructive rm -rf');
  });

  it('prints an event schema from the shipped schema/ folder', async () => {
    const result = await hookctl('schema', 'PreToolUse', '--dialect', 'openinterpreter');
    expect(result.code, describeRun('hookctl schema', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'PreToolUseInput' });
  });

  it('scaffolds a Python hook from the shipped template and generated types', async () => {
    const target = join(project, 'scaffold-target');
    mkdirSync(join(target, '.git'), { recursive: true });
    const result = await hookctl('scaffold', 'PreToolUse', '--lang', 'py', '--dialect', 'openinterpreter', '--cwd', target);
    expect(result.code, describeRun('hookctl scaffold', result)).toBe(0);
    const script = readFileSync(join(target, '.openinterpreter/hooks/pre-tool-use.py'), 'utf8');
    // The TypedDicts are cut from the shipped generated/openinterpreter/hook_types.py.
    expect(script).toMatch(/^_PreToolUseInputRequired = TypedDict\(/m);
  });
});

describe('the library from the installed tarball', () => {
  it('resolves hookctl, hookctl/openinterpreter, hookctl/octo and hookctl/schema/* and runs the engine', async () => {
    const script = `
      import { createEngine } from 'hookctl';
      import { validateInput } from 'hookctl/openinterpreter';
      import { EVENT_NAMES as octoEvents } from 'hookctl/octo';
      import { readFileSync } from 'node:fs';
      import { fileURLToPath } from 'node:url';
      const payload = JSON.parse(readFileSync('${EXAMPLE}/hooks-tests/payloads/rm-rf.json', 'utf8'));
      const engine = await createEngine({ dialect: 'openinterpreter', cwd: '${EXAMPLE}', bypassTrust: true });
      const outcome = await engine.dispatch('PreToolUse', payload);
      await engine.close();
      const configSchema = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('hookctl/schema/openinterpreter/config.json')), 'utf8'));
      console.log(JSON.stringify({
        decision: outcome.decision,
        reason: outcome.reason,
        valid: validateInput('PreToolUse', payload).ok,
        octoHasStop: octoEvents.includes('Stop'),
        schemaHasHooks: 'hooks' in configSchema.properties,
      }));
    `;
    const result = await run(process.execPath, ['--input-type=module', '-e', script], project, { ...env, HOME: home });
    expect(result.code, describeRun('node -e <library script>', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      decision: 'deny',
      reason: expect.stringContaining('refusing destructive rm -rf') as unknown,
      valid: true,
      octoHasStop: true,
      schemaHasHooks: true,
    });
  });

  it('type-checks a consumer under moduleResolution nodenext (strict, no skipLibCheck)', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] },
        include: ['consumer.ts'],
      }),
    );
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createEngine, type Outcome } from 'hookctl';
import type { PreToolUseInput } from 'hookctl/openinterpreter';
import type { EventName as OctoEventName } from 'hookctl/octo';

const payload: PreToolUseInput = {
  session_id: 's',
  turn_id: 't',
  cwd: '.',
  transcript_path: null,
  hook_event_name: 'PreToolUse',
  model: 'm',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'u',
};

// @ts-expect-error hook_event_name is pinned to the event
const wrongEvent: PreToolUseInput = { ...payload, hook_event_name: 'Stop' };

const octoEvent: OctoEventName = 'Stop';
const engine = await createEngine({ dialect: 'openinterpreter' });
const outcome: Outcome = await engine.dispatch('PreToolUse', payload);
const decision: 'allow' | 'deny' | 'ask' | 'defer' | null = outcome.decision;
export { wrongEvent, octoEvent, decision };
`,
    );
    const result = await run(process.execPath, [TSC, '--noEmit', '-p', 'tsconfig.json'], project, env);
    expect(result.code, describeRun(`tsc in ${relative(root, project)}`, result)).toBe(0);
  });
});
