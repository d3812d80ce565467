// Does what a user does with the published package, from the tarball `npm pack` makes of a release
// commit (scripts/release.mjs: the source plus the built dist/, no scripts): install it into an
// empty project, run `npx hookctl`, import and require the library, type-check against its typings.
// Its dependencies come from a registry on 127.0.0.1 that serves the repo's own node_modules
// (test/helpers/local-registry.ts), with an empty npm cache: no network, no warm cache, and a
// dependency missing from `dependencies` still fails the install or the run. Nothing here reads the
// repo's dist/ or node_modules at run time (except tsc, the tool).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRegistry, type LocalRegistry } from '../helpers/local-registry.js';
import { cleanEnv, describeRun, makeReleaseRepo, REPO, run, type Ran, type ReleaseRepo } from '../helpers/release-repo.js';

const EXAMPLE = 'examples/openinterpreter-policy-gate';
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const SETUP_TIMEOUT_MS = 180_000;

/**
 * Package names a module imports: bare specifiers of static imports/exports, literal dynamic
 * imports and packages required through createRequire. Type-only imports in .d.ts files count: a consumer's type-check resolves them too.
 */
function importedPackages(text: string): string[] {
  // Comments are prose (schema descriptions say things like `"done" from "waiting for…"`), not imports.
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  // createRequire(import.meta.url)('pkg') loads a package on first use (re2js, regexpp): an import too.
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bcreateRequire\(import\.meta\.url\)\(\s*)['"]([^'"]+)['"]/gm;
  const specifiers = [...source.matchAll(pattern)].map((match) => match[1] ?? '');
  return (
    specifiers
      .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:') && !specifier.includes('${'))
      // Only what can name a package: `'--from', '--with'` in a list of launcher options is not an import.
      .filter((specifier) => /^(?:@[\w.-]+\/)?[\w.-]+(?:\/.*)?$/.test(specifier))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      )
  );
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
let registry: LocalRegistry;
let release: ReleaseRepo;
let packOutput: Ran;
let packedFiles: string[];
let install: Ran;
let installed: string;

/**
 * `npx hookctl …` as a user types it, plus `--no` (use the installed bin or fail, never fetch a
 * package named hookctl from the registry) and `--` (so npx leaves `--help` to hookctl).
 */
function hookctl(...args: string[]): Promise<Ran> {
  return run('npx', ['--no', '--', 'hookctl', ...args], project, env);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hookctl-pack-'));
  project = join(root, 'project');
  home = join(root, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home);
  release = makeReleaseRepo(root);
  registry = await startLocalRegistry(join(REPO, 'node_modules'));
  env = cleanEnv({
    HOME: home,
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_registry: registry.url,
    npm_config_userconfig: join(home, '.npmrc'),
  });

  // Plain `npm pack`, as pre-commit 3.x runs it in its clone of the hook repository.
  packOutput = await run('npm', ['pack', '--pack-destination', root], release.dir, env);
  if (packOutput.code !== 0) throw new Error(describeRun('npm pack', packOutput));
  const listing = await run('npm', ['pack', '--dry-run', '--json'], release.dir, env);
  if (listing.code !== 0) throw new Error(describeRun('npm pack --dry-run', listing));
  packedFiles = (JSON.parse(listing.stdout) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);

  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'empty-project', version: '1.0.0', private: true, type: 'module' }, null, 2),
  );
  install = await run('npm', ['install', join(root, packOutput.stdout.trim())], project, env);
  if (install.code !== 0)
    throw new Error(`${describeRun('npm install <tarball>', install)}
not in the local registry: ${registry.misses.join(', ')}`);
  installed = join(project, 'node_modules/hookctl');
  cpSync(join(REPO, EXAMPLE), join(project, EXAMPLE), { recursive: true });
  // The example runs its scripts from the repository root (`git rev-parse --show-toplevel`), as it does in
  // hookctl's own checkout: the empty project is a repository holding it at the same place.
  const init = await run('git', ['init', '-q', '.'], project, env);
  if (init.code !== 0) throw new Error(describeRun('git init', init));
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await registry?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('installing the release tarball', () => {
  it('npm pack prints only the tarball name on stdout (pre-commit 3.x takes it as the file name)', () => {
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    expect(packOutput.stdout).toBe(`hookctl-${version}.tgz\n`);
  });

  it('the manifest declares no scripts and no devDependencies, so nothing runs or builds at install', () => {
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('installs without an install-script or allowScripts warning', () => {
    expect(install.stderr).not.toMatch(/install-scripts|allowScripts|allow-scripts/i);
    expect(install.stdout).toMatch(/added \d+ packages?/);
  });

  it('every dependency came from the local registry (nothing it asked for was missing)', () => {
    expect(registry.misses).toEqual([]);
    expect(registry.requests).toContain('/ajv');
  });
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
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      name: string;
      dependencies: Record<string, string>;
    };
    const shipped = filesUnder(join(installed, 'dist')).filter((file) => file.endsWith('.js') || file.endsWith('.d.ts'));
    const imported = new Set(shipped.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));
    imported.delete(manifest.name); // scaffold templates name `hookctl/<dialect>` for the user's script
    expect([...imported].sort()).toEqual(Object.keys(manifest.dependencies).sort());
  });
});

/**
 * Whether `version` satisfies an npm range made of `||`-joined sets of `^x.y.z`, `>=x.y.z`,
 * `<x.y.z` and `x.y.z` comparators: the forms the engines fields here use. Throws on others.
 */
function satisfies(version: string, range: string): boolean {
  const parse = (v: string) => v.split('.').map(Number) as [number, number, number];
  const compare = (a: string, b: string) => {
    const [x, y] = [parse(a), parse(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  };
  return range.split('||').some((set) =>
    set
      .trim()
      .replace(/(>=|<=|<|>)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => {
        const match = /^(\^|>=|<|)(\d+(?:\.\d+){0,2})$/.exec(comparator);
        if (!match) throw new Error(`unsupported range comparator ${comparator} in ${range}`);
        const bound = [...match[2]!.split('.'), '0', '0'].slice(0, 3).join('.');
        if (match[1] === '^') return compare(version, bound) >= 0 && parse(version)[0] === parse(bound)[0];
        if (match[1] === '>=') return compare(version, bound) >= 0;
        if (match[1] === '<') return compare(version, bound) < 0;
        return compare(version, bound) === 0;
      }),
  );
}

describe('engines', () => {
  const SAMPLES = [
    '18.20.0',
    '20.0.0',
    '20.12.0',
    '20.18.3',
    '20.19.0',
    '20.20.2',
    '21.7.3',
    '22.0.0',
    '22.12.0',
    '22.13.0',
    '23.11.0',
    '24.0.0',
    '26.1.0',
  ];
  /** require(esm) without a flag: Node 20.19+ and 22.12+ (`require('hookctl')` needs it). */
  const requireEsm = (version: string) => satisfies(version, '^20.19.0 || >=22.12.0');

  it('admits only Node versions that run require(hookctl) and that every runtime dependency accepts', () => {
    const { engines } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { engines: { node: string } };
    const dependencyRanges = filesUnder(join(project, 'node_modules'))
      .filter((file) => file.endsWith('/package.json') && !file.includes('/hookctl/'))
      .map((file) => JSON.parse(readFileSync(file, 'utf8')) as { name?: string; engines?: { node?: string } })
      .filter((manifest) => manifest.name && manifest.engines?.node)
      .map((manifest) => [manifest.name!, manifest.engines!.node!] as const);
    expect(dependencyRanges.length).toBeGreaterThan(0);
    for (const version of SAMPLES.filter((v) => satisfies(v, engines.node))) {
      expect(requireEsm(version), `require(esm) on ${version}`).toBe(true);
      for (const [name, range] of dependencyRanges) expect(satisfies(version, range), `${name} (${range}) on Node ${version}`).toBe(true);
    }
    // …and no narrower than that: each version that has both is admitted.
    const accepted = SAMPLES.filter((v) => requireEsm(v) && dependencyRanges.every(([, range]) => satisfies(v, range)));
    expect(SAMPLES.filter((v) => satisfies(v, engines.node))).toEqual(accepted);
  });
});

describe('npx hookctl from the installed tarball', () => {
  it('prints help listing the commands', async () => {
    const result = await hookctl('--help');
    expect(result.code, describeRun('hookctl --help', result)).toBe(0);
    expect(result.stdout).toMatch(/^Usage: hookctl /);
    expect(result.stdout).toContain('dry-run [options] <event>');
  });

  it.each(['--version', '-v', '-V'])('reports the packed version with %s', async (flag) => {
    const result = await hookctl(flag);
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    // The package version first (what scripts read), then the agent release each dialect is proven against.
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout.split('\n').slice(0, 2)).toEqual([version, 'proven against:']);
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
    // A guard starts through sh (issue 40): on a PATH without python3 it refuses rather than fails open.
    expect(result.stdout).toMatch(/command: sh "\$\(git rev-parse --show-toplevel[^\n]*pre-tool-use\.py\n/);
    const bin = join(target, 'no-python');
    mkdirSync(bin);
    const refused = await run('/bin/sh', [join(target, '.openinterpreter/hooks/pre-tool-use.py')], target, { PATH: bin });
    expect({ code: refused.code, stderr: refused.stderr.trim() }).toEqual({
      code: 2,
      stderr: 'hookctl guard: python3 is not installed, so this guard refuses (exit 2)',
    });
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
      const schemaPath = fileURLToPath(import.meta.resolve('hookctl/schema/openinterpreter/config.json'));
      const configSchema = JSON.parse(readFileSync(schemaPath, 'utf8'));
      console.log(JSON.stringify({
        decision: outcome.decision,
        reason: outcome.reason,
        valid: validateInput('PreToolUse', payload).ok,
        octoHasStop: octoEvents.includes('Stop'),
        schemaHasHooks: 'hooks' in configSchema.properties,
      }));
    `;
    const result = await run(process.execPath, ['--input-type=module', '-e', script], project, env);
    expect(result.code, describeRun('node -e <library script>', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      decision: 'deny',
      reason: expect.stringContaining('refusing destructive rm -rf') as unknown,
      valid: true,
      octoHasStop: true,
      schemaHasHooks: true,
    });
  });

  it("require('hookctl') works from CommonJS (Node 20.19+ and 22.12+ load ES modules synchronously)", async () => {
    const script = `
      const hookctl = require('hookctl');
      const openinterpreter = require('hookctl/openinterpreter');
      console.log(JSON.stringify({ createEngine: typeof hookctl.createEngine, valid: openinterpreter.validateInput('Stop', {}).ok }));
    `;
    const result = await run(process.execPath, ['--input-type=commonjs', '-e', script], project, env);
    expect(result.code, describeRun('node -e <require script>', result)).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ createEngine: 'function', valid: false });
  });

  it('type-checks a consumer under moduleResolution nodenext (strict, no skipLibCheck)', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
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
// 'defer' is codex/claude's PreToolUse decision (SPEC-dialects).
const decision: 'allow' | 'deny' | 'ask' | 'defer' | null = outcome.decision;
export { wrongEvent, octoEvent, decision };
`,
    );
    const result = await run(process.execPath, [TSC, '--noEmit', '-p', 'tsconfig.json'], project, env);
    expect(result.code, describeRun(`tsc in ${relative(root, project)}`, result)).toBe(0);
  });
});
