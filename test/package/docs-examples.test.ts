// The README and `--help` as a user of the npm package meets them: the packed tarball (scripts/release.mjs)
// installed into an empty project from a registry on 127.0.0.1 (test/helpers/local-registry.ts), then the
// README's "From npm" commands and every `$ hookctl …` example of the README and of each command's --help
// run there. Examples marked repository-only, and every `examples/…` path (the README says they are),
// are left out: the package does not ship examples/. `npm run docs:check` runs this file.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRegistry, type LocalRegistry } from '../helpers/local-registry.js';
import { cleanEnv, describeRun, makeReleaseRepo, REPO, run } from '../helpers/release-repo.js';

const SETUP_TIMEOUT_MS = 180_000;
/** What commander or hookctl print when an example no longer parses: a renamed command or option, a missing argument. */
const BROKEN = new RegExp(
  [
    'error: (unknown option|unknown command|missing required argument|option .* argument missing|too many arguments)',
    'is invalid',
    'internal error',
  ].join('|'),
);

let root: string;
let project: string;
let env: Record<string, string>;
let registry: LocalRegistry;
let tarball: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hookctl-docs-'));
  project = join(root, 'project');
  const home = join(root, 'home');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(home);
  const release = makeReleaseRepo(root);
  registry = await startLocalRegistry(join(REPO, 'node_modules'));
  env = cleanEnv({
    HOME: home,
    npm_config_cache: join(root, 'npm-cache'),
    npm_config_registry: registry.url,
    npm_config_userconfig: join(home, '.npmrc'),
  });
  const packed = await run('npm', ['pack', '--pack-destination', root], release.dir, env);
  if (packed.code !== 0) throw new Error(describeRun('npm pack', packed));
  tarball = join(root, packed.stdout.trim());
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-project', version: '1.0.0', private: true }, null, 2));
  // The installed bin first on PATH, as `npx` and npm scripts put it: `hookctl …` in an example is the package's.
  env.PATH = `${join(project, 'node_modules/.bin')}:${env.PATH ?? ''}`;
}, SETUP_TIMEOUT_MS);

// Removing an installed project (and closing the registry) can take more than the default hook time on a loaded machine.
afterAll(async () => {
  await registry?.close();
  if (root) rmSync(root, { recursive: true, force: true });
}, SETUP_TIMEOUT_MS);

/** The commands of the README's ```sh block under `heading`. */
function shBlockAfter(heading: string): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line.trim() !== '');
}

/**
 * The hookctl invocation of an example line: from `hookctl` (after `$`, `npx` or `<(`) up to the first
 * unquoted pipe, redirection, `;`, `)` or comment, so `… | jq` or `> file` runs only hookctl's part.
 */
function invocation(line: string): string | null {
  const start = line.search(/\bhookctl /);
  if (start < 0) return null;
  let quote: string | null = null;
  for (let i = start; i < line.length; i++) {
    const char = line[i]!;
    if (quote) quote = char === quote ? null : quote;
    else if (char === '"' || char === "'") quote = char;
    else if ('|><;)#'.includes(char)) return line.slice(start, i).trim();
  }
  return line.slice(start).trim();
}

function examples(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => /^\s*\$ (npx )?hookctl |^\s*\$ source <\(hookctl /.test(line))
    .filter((line) => !/repository-only|examples\//.test(line))
    .map((line) => invocation(line)!)
    .filter((command) => command !== null);
}

describe('the README and --help, from the packed tarball in an empty project', () => {
  it(
    'the README "From npm" commands scaffold a hook and dry-run it',
    async () => {
      const [install, ...commands] = shBlockAfter('## From npm: the first three commands');
      expect(install).toBe('npm i -D hookctl');
      // `npm i -D hookctl` with the package this commit would publish.
      const installed = await run('npm', ['install', '-D', tarball], project, env);
      expect(installed.code, describeRun('npm install -D <tarball>', installed)).toBe(0);
      expect(commands).toHaveLength(2);
      const results = [];
      for (const command of commands) results.push(await run('sh', ['-c', command!], project, env, 60_000));
      expect(results[0]!.code, describeRun(commands[0]!, results[0]!)).toBe(0);
      expect(results[0]!.stdout).toContain('created .claude/hooks/pre-tool-use.sh');
      expect(results[1]!.code, describeRun(commands[1]!, results[1]!)).toBe(0);
      expect(results[1]!.stdout).toMatch(
        /^PreToolUse \(claude, proven against Claude Code [\d.]+\) — matcher target: Bash\nmatched 1 of 1 handler\n {2}✓ completed /,
      );

      // Completion for a project-local install, as `completion --help` says: loaded with npx, under an alias.
      const npxEnv = { ...env, PATH: env.PATH!.split(':').slice(1).join(':') };
      const completion = await run(
        'bash',
        ['--norc', '--noprofile', '-c', "source <(npx --no hookctl completion bash) && alias hookctl='npx hookctl' && complete -p hookctl"],
        project,
        npxEnv,
      );
      expect(completion.stdout, describeRun('npx hookctl completion bash', completion)).toBe('complete -o filenames -F _hookctl hookctl\n');

      // Every example of the README and of each command's --help then runs in that project: none may
      // fail to parse (a command or option that no longer exists), whatever it then finds there.
      const help = await run('hookctl', ['--help'], project, env);
      const names = [...help.stdout.slice(help.stdout.indexOf('Commands:')).matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1]!);
      const texts = [readFileSync(join(REPO, 'README.md'), 'utf8'), help.stdout];
      for (const name of names.filter((name) => name !== 'help')) texts.push((await run('hookctl', [name, '--help'], project, env)).stdout);
      const all = [...new Set(texts.flatMap(examples))];
      expect(all.length).toBeGreaterThan(30);
      // The check can fail: an option that does not exist is caught.
      const control = await run('sh', ['-c', 'hookctl fixture PreToolUse --no-such-option'], project, env);
      expect(control.stderr).toMatch(BROKEN);
      const broken: string[] = [];
      for (const command of all) {
        const ran = await run('sh', ['-c', command], project, env, 30_000);
        if (ran.code === null || BROKEN.test(ran.stderr)) broken.push(describeRun(command, ran));
      }
      expect(broken).toEqual([]);
    },
    SETUP_TIMEOUT_MS * 2,
  );
});
