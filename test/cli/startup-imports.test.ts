import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * What the real binary imports, seen through a module loader hook that names every ES module (and
 * every package entry imported from one) on stderr. Command modules must only define options, so
 * start-up and a lint run stay cheap: no validators, engine, or parser a run does not need.
 */
const HOOKS =
  "export async function load(url, context, next) { process.stderr.write('module-loaded ' + url + '\\n'); return next(url, context); }";
const HOOKS_URL = `data:text/javascript,${encodeURIComponent(HOOKS)}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(HOOKS_URL)});`;
const NODE_OPTIONS = `--import=data:text/javascript,${encodeURIComponent(REGISTER)}`;

async function loadedModules(args: string[], cwd?: string): Promise<{ packages: string[]; files: string[] }> {
  const result = await runCli(args, { ...(cwd ? { cwd } : {}), env: { NODE_OPTIONS } });
  expect(result.code, result.stderr).not.toBe(2);
  const urls = [...result.stderr.matchAll(/^module-loaded (file:\S+)$/gm)].map((match) => decodeURIComponent(match[1]!));
  expect(urls.some((url) => url.endsWith('/dist/src/cli/main.js'))).toBe(true); // the hook saw the CLI load
  const packages = new Set(urls.flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
  return { packages: [...packages].sort(), files: urls.filter((url) => !url.includes('/node_modules/')) };
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
});
