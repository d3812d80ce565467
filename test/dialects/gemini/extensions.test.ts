import { mkdirSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/create-engine.js';
import { parseDotenv } from '../../../src/dialects/gemini/extensions.js';
import { loadConfig } from '../../../src/dialects/gemini/load-config.js';
import { runCli } from '../../helpers/run-cli.js';
import { makeTempProject, sandboxFlags, type TempProject } from '../../helpers/temp-project.js';

/**
 * How Gemini CLI 0.61.0 loads an installed extension (packages/cli/src/config/extension-manager.ts
 * _buildExtension): its install metadata (`gemini extensions link` → `type: "link"`), the source
 * checks of `security.allowedExtensions` and `security.blockGitExtensions`, the manifest, its
 * settings (`.env` files) reaching its hooks, and the `admin` settings Gemini ignores in files.
 */

const hook = (command: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command, ...extra });
const hooksJson = (hooks: Record<string, unknown>) => JSON.stringify({ hooks }, null, 2);

function context(sandbox: TempProject, env: Record<string, string> = {}) {
  return {
    cwd: sandbox.project,
    home: sandbox.home,
    managedConfigPath: join(sandbox.root, 'etc', 'settings.json'),
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', ...env },
  };
}

/** An extension in `dir` (below the sandbox root) with one SessionStart hook. */
function extensionAt(sandbox: TempProject, dir: string, name: string, command: string, manifest: Record<string, unknown> = {}): void {
  sandbox.write(`${dir}/gemini-extension.json`, JSON.stringify({ name, version: '1.0.0', ...manifest }));
  sandbox.write(`${dir}/hooks/hooks.json`, hooksJson({ SessionStart: [{ hooks: [hook(command)] }] }));
}

const installed = (name: string) => `home/.gemini/extensions/${name}`;

function link(sandbox: TempProject, name: string, source: unknown, extra: Record<string, unknown> = {}): string {
  return sandbox.write(`${installed(name)}/.gemini-extension-install.json`, JSON.stringify({ source, type: 'link', ...extra }, null, 2));
}

async function handlers(sandbox: TempProject, env: Record<string, string> = {}) {
  const loaded = await loadConfig(context(sandbox, env));
  return loaded.handlers.map((h) => ({ command: h.command, name: h.name, env: h.env, off: h.unrunnable?.error ?? null }));
}

async function sessionStart(sandbox: TempProject, env: Record<string, string> = {}) {
  const engine = await createEngine({
    dialect: 'gemini',
    ...context(sandbox, env),
    env: { PATH: process.env.PATH, ...context(sandbox, env).env },
  });
  try {
    return await engine.dispatch('SessionStart', {
      session_id: 's',
      transcript_path: 't',
      cwd: sandbox.project,
      hook_event_name: 'SessionStart',
      timestamp: 'now',
      source: 'startup',
    });
  } finally {
    await engine.close();
  }
}

function gemini(sandbox: TempProject, args: readonly string[]) {
  const [command, ...rest] = args;
  return runCli([command!, ...sandboxFlags(sandbox, 'gemini', join(sandbox.root, 'etc', 'settings.json')), ...rest], {
    cwd: sandbox.project,
    env: { GEMINI_CLI_TRUST_WORKSPACE: 'true', GEMINI_CLI_HOME: undefined, GITHUB_SHA: undefined, SURFACE: undefined },
    timeoutMs: 60_000,
  });
}

describe('gemini admin settings', () => {
  it('admin.extensions.enabled false in a settings file changes nothing: they come from remote controls only', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, installed('guard'), 'guard', 'echo extension');
    const admin = JSON.stringify({ admin: { extensions: { enabled: false }, secureModeEnabled: true } });
    sandbox.write('etc/settings.json', admin);
    sandbox.write('etc/system-defaults.json', admin);
    sandbox.write('home/.gemini/settings.json', admin);
    expect((await handlers(sandbox)).map((h) => [h.command, h.off])).toEqual([['echo extension', null]]);
    expect((await sessionStart(sandbox)).systemMessages).toEqual(['extension']);
  });
});

describe('gemini linked extensions (gemini extensions link)', () => {
  it('hooks come from the linked source, with ${extensionPath} naming it; the install dir is not read beyond its metadata', async () => {
    const sandbox = makeTempProject();
    const source = join(sandbox.root, 'dev', 'linked');
    extensionAt(sandbox, 'dev/linked', 'linked', 'echo from-source ${extensionPath}${/}hooks');
    // Gemini reads nothing else of the install dir of a link: these are never loaded.
    extensionAt(sandbox, installed('linked'), 'linked', 'echo stale-copy');
    const metadata = link(sandbox, 'linked', source);
    // Nor anything else in the source: only its manifest and hooks/hooks.json.
    sandbox.write('dev/linked/.gemini/settings.json', hooksJson({ SessionStart: [{ hooks: [hook('echo source-settings')] }] }));
    const loaded = await loadConfig(context(sandbox));
    expect(loaded.findings).toEqual([]);
    expect(loaded.files).toEqual([metadata, join(source, 'hooks', 'hooks.json')]);
    expect(loaded.handlers.map((h) => [h.command, h.unrunnable ?? null])).toEqual([[`echo from-source ${source}/hooks`, null]]);
    expect((await sessionStart(sandbox)).systemMessages).toEqual([`from-source ${source}/hooks`]);
  });

  it('a link is followed only where Gemini follows it: type "link" exactly; another type reads the install dir', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, 'dev/elsewhere', 'plain', 'echo elsewhere');
    extensionAt(sandbox, installed('plain'), 'plain', 'echo installed');
    link(sandbox, 'plain', join(sandbox.root, 'dev', 'elsewhere'), { type: 'local' });
    expect((await handlers(sandbox)).map((h) => h.command)).toEqual(['echo installed']);
  });

  it('an install dir that is a symbolic link to a directory is an extension, as Gemini stats it', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, 'dev/real', 'real', 'echo through-symlink');
    mkdirSync(join(sandbox.home, '.gemini', 'extensions'), { recursive: true });
    symlinkSync(join(sandbox.root, 'dev', 'real'), join(sandbox.home, '.gemini', 'extensions', 'real'));
    expect((await handlers(sandbox)).map((h) => h.command)).toEqual(['echo through-symlink']);
  });

  it('broken or hostile install metadata is a positioned finding, never a crash; Gemini skips or reads the install dir', async () => {
    const sandbox = makeTempProject();
    // Not JSON: Gemini ignores the metadata and loads the install dir.
    extensionAt(sandbox, installed('garbled'), 'garbled', 'echo garbled');
    const garbled = sandbox.write(`${installed('garbled')}/.gemini-extension-install.json`, '{"type": "link", "source": ');
    // A source that is not a path: Gemini's path functions throw and it skips the extension.
    const numeric = link(sandbox, 'numeric', 42);
    // A source that does not exist: no gemini-extension.json there, skipped.
    const missing = link(sandbox, 'missing', join(sandbox.root, 'nowhere'));
    const lint = await gemini(sandbox, ['lint', '--effective', '--format', 'json']);
    const findings = (
      JSON.parse(lint.stdout) as { findings: { ruleId: string; file: string; line: number; column: number; message: string }[] }
    ).findings;
    const at = (file: string) => findings.filter((finding) => finding.file === file).map((f) => [f.ruleId, f.line, f.column, f.message]);
    expect(at(garbled)).toEqual([['parse-error', 1, expect.any(Number), expect.any(String)]]);
    expect(at(numeric)).toEqual([
      ['plugin-discovery', 2, 13, expect.stringMatching(/"source" of a link is number, not a path; Gemini CLI skips the extension/)],
    ]);
    expect(at(missing)).toEqual([
      ['plugin-discovery', 2, 13, expect.stringMatching(/plugin "missing" is enabled but not installed: .*nowhere does not exist/)],
    ]);
    const list = await gemini(sandbox, ['list', '--json']);
    expect(list.code).toBe(0);
    expect((JSON.parse(list.stdout).hooks as { command: string }[]).map((h) => h.command)).toEqual(['echo garbled']);
  });

  it('a relative link source is read against the working directory, as Gemini resolves it', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, 'project/tools/ext', 'rel', 'echo ${extensionPath}');
    link(sandbox, 'rel', 'tools/ext');
    expect((await handlers(sandbox)).map((h) => h.command)).toEqual(['echo tools/ext']);
  });
});

describe('gemini extension manifest', () => {
  it('a manifest without a version, or with a name Gemini refuses, skips the extension: its hooks are listed as off', async () => {
    const sandbox = makeTempProject();
    sandbox.write(`${installed('nover')}/gemini-extension.json`, JSON.stringify({ name: 'nover' }));
    sandbox.write(`${installed('nover')}/hooks/hooks.json`, hooksJson({ SessionStart: [{ hooks: [hook('echo nover')] }] }));
    extensionAt(sandbox, installed('badname'), 'bad name', 'echo badname');
    extensionAt(sandbox, installed('good'), 'good', 'echo good');
    expect((await handlers(sandbox)).map((h) => [h.command, h.off])).toEqual([
      ['echo badname', expect.stringMatching(/^Gemini CLI skips the extension: Invalid extension name: "bad name"/)],
      ['echo good', null],
      [
        'echo nover',
        expect.stringMatching(/^Gemini CLI skips the extension: Invalid configuration in .*gemini-extension.json: missing "version"$/),
      ],
    ]);
    expect((await sessionStart(sandbox)).systemMessages).toEqual(['good']);
  });
});

describe('gemini duplicate extensions', () => {
  it('two loaded extensions with one manifest name make Gemini throw at startup: no hook runs', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, installed('a'), 'twin', 'echo a');
    extensionAt(sandbox, installed('b'), 'twin', 'echo b');
    sandbox.write('home/.gemini/settings.json', hooksJson({ SessionStart: [{ hooks: [hook('echo user')] }] }));
    expect((await handlers(sandbox)).map((h) => h.off)).toEqual([
      'Gemini CLI does not start: Extension with name twin already was loaded.',
      'Gemini CLI does not start: Extension with name twin already was loaded.',
      'Gemini CLI does not start: Extension with name twin already was loaded.',
    ]);
    expect((await sessionStart(sandbox)).systemMessages).toEqual([]);
  });
});

describe('gemini extension settings (.env)', () => {
  function world(sandbox: TempProject): void {
    extensionAt(sandbox, installed('svc'), 'svc', 'echo ${extensionPath} ${API_URL} ${UNSET} $API_URL', {
      settings: [{ name: 'API URL', description: 'where', envVar: 'API_URL' }],
    });
    sandbox.write(
      `${installed('svc')}/hooks/hooks.json`,
      hooksJson({
        SessionStart: [
          {
            hooks: [
              hook('echo ${extensionPath} ${API_URL} ${OTHER} ${UNSET}', {
                name: 'svc${/}guard',
                env: { API_URL: 'own', KEEP: 'k', CONF: '${extensionPath}${/}conf' },
              }),
            ],
          },
        ],
      }),
    );
    sandbox.write(`${installed('svc')}/.env`, 'API_URL=https://user.example\nexport OTHER="two\\nlines" # comment\n');
  }

  it('the user .env fills ${KEY} in the commands and the declared settings reach the hook env over its own', async () => {
    const sandbox = makeTempProject();
    world(sandbox);
    const root = join(sandbox.home, '.gemini', 'extensions', 'svc');
    const [seen] = await handlers(sandbox);
    expect(seen!.command).toBe(`echo ${root} https://user.example two\nlines \${UNSET}`);
    // Every string of the hook is hydrated: its name and env values too.
    expect(seen!.name).toBe('svc/guard');
    expect(seen!.env).toMatchObject({ API_URL: 'https://user.example', KEEP: 'k', CONF: `${root}/conf` });
    // OTHER is not a declared setting: substituted, not exported.
    expect(seen!.env.OTHER).toBeUndefined();
  });

  it('a trusted workspace .env wins, even over ${extensionPath}; untrusted it is not read; extensionConfig false reads none', async () => {
    const sandbox = makeTempProject();
    world(sandbox);
    sandbox.write('project/.env', 'API_URL=https://repo.example\nextensionPath=/tmp/from-the-repository\n');
    const [trusted] = await handlers(sandbox);
    expect(trusted!.command).toBe('echo /tmp/from-the-repository https://repo.example two\nlines ${UNSET}');
    expect(trusted!.env.API_URL).toBe('https://repo.example');
    const [untrusted] = await handlers(sandbox, { GEMINI_CLI_TRUST_WORKSPACE: 'false' });
    expect(untrusted!.env.API_URL).toBe('https://user.example');
    sandbox.write('home/.gemini/settings.json', JSON.stringify({ experimental: { extensionConfig: false } }));
    const [off] = await handlers(sandbox);
    expect(off!.command).toBe(`echo ${join(sandbox.home, '.gemini', 'extensions', 'svc')} \${API_URL} \${OTHER} \${UNSET}`);
    expect(off!.env.API_URL).toBe('own');
  });

  it('a hostile workspace .env (blank lines of spaces up to the size cap) is read in linear time', async () => {
    const sandbox = makeTempProject();
    world(sandbox);
    // dotenv's line pattern began with `^\s*`: at every line start it ran over all the blank lines below,
    // so 400,000 of them took hours. hookctl matches the same lines without crossing a line end there.
    sandbox.write('project/.env', `API_URL=https://repo.example\n!\n${' \n'.repeat(400_000)}!\n`);
    const [trusted] = await handlers(sandbox);
    expect(trusted!.env.API_URL).toBe('https://repo.example');
  }, 30_000);

  it("parseDotenv reads what Gemini's own dotenv reads, on 20,000 random files", () => {
    // The dotenv that @google/gemini-cli-core itself loads, as the oracle.
    const geminiRequire = createRequire(createRequire(import.meta.url).resolve('@google/gemini-cli-core/package.json'));
    const dotenv = geminiRequire('dotenv') as { parse(text: string): Record<string, string> };
    const pieces = [' ', '\n', '\n', '\r\n', 'A', 'b', '=', "'", '"', '`', '#', ':', '\t', 'export ', '\\', '\u2028', '\u00a0', '.', 'n'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x80000000;
    };
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 60) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      expect(parseDotenv(text), JSON.stringify(text)).toEqual({ ...dotenv.parse(text) });
    }
  });

  it('the settings reach the running hook', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, installed('svc'), 'svc', 'printf %s "$API_URL"', { settings: [{ name: 'u', envVar: 'API_URL' }] });
    sandbox.write(`${installed('svc')}/.env`, "API_URL='quoted value'\n");
    expect((await sessionStart(sandbox)).systemMessages).toEqual(['quoted value']);
  });
});

describe('gemini extension source checks', () => {
  it('security.allowedExtensions: only sources whose real path a pattern matches load; it overrides blockGitExtensions', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, 'dev/ok', 'ok', 'echo ok');
    extensionAt(sandbox, 'dev/other', 'other', 'echo other ${K}');
    link(sandbox, 'ok', join(sandbox.root, 'dev', 'ok'));
    link(sandbox, 'other', join(sandbox.root, 'dev', 'other'));
    // A refused extension is read no further: not even its settings.
    sandbox.write(`${installed('other')}/.env`, 'K=v\n');
    extensionAt(sandbox, installed('fromgit'), 'fromgit', 'echo git');
    sandbox.write(
      `${installed('fromgit')}/.gemini-extension-install.json`,
      JSON.stringify({ source: 'https://github.com/ok/dev/ok', type: 'git' }),
    );
    sandbox.write(
      'home/.gemini/settings.json',
      JSON.stringify({ security: { allowedExtensions: ['/dev/ok$'], blockGitExtensions: true } }),
    );
    expect((await handlers(sandbox)).map((h) => [h.command, h.off])).toEqual([
      ['echo git', null],
      ['echo ok', null],
      ['echo other ${K}', expect.stringMatching(/This extension is not allowed by the "allowedExtensions" security setting\.$/)],
    ]);
    expect((await sessionStart(sandbox)).systemMessages).toEqual(['git\nok']);
  });

  it('with allowedExtensions set, an extension without a recorded source (or a bad pattern) stops Gemini: no hook runs', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, 'dev/ok', 'ok', 'echo ok');
    link(sandbox, 'ok', join(sandbox.root, 'dev', 'ok'));
    extensionAt(sandbox, installed('nometa'), 'nometa', 'echo nometa');
    sandbox.write('project/.gemini/settings.json', hooksJson({ SessionStart: [{ hooks: [hook('echo workspace')] }] }));
    sandbox.write('home/.gemini/settings.json', JSON.stringify({ security: { allowedExtensions: ['/dev/ok$'] } }));
    const stopped = expect.stringMatching(
      new RegExp(
        /^Gemini CLI does not start: Failed to load extension .*nometa\. /.source +
          /The \.gemini-extension-install\.json file is missing or misconfigured\.$/.source,
      ),
    );
    expect((await handlers(sandbox)).map((h) => [h.command, h.off])).toEqual([
      ['echo workspace', stopped],
      ['echo nometa', stopped],
      ['echo ok', stopped],
    ]);
    expect((await sessionStart(sandbox)).systemMessages).toEqual([]);
    link(sandbox, 'nometa', join(sandbox.home, '.gemini', 'extensions', 'nometa'), { type: 'local' });
    sandbox.write('home/.gemini/settings.json', JSON.stringify({ security: { allowedExtensions: ['('] } }));
    expect((await handlers(sandbox)).map((h) => h.off)).toEqual([
      expect.stringMatching(/^Gemini CLI does not start: Invalid regex pattern in allowedExtensions setting: "\(\. Error: /),
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('security.blockGitExtensions refuses git and github-release installs, not local ones', async () => {
    const sandbox = makeTempProject();
    extensionAt(sandbox, installed('fromgit'), 'fromgit', 'echo git');
    sandbox.write(
      `${installed('fromgit')}/.gemini-extension-install.json`,
      JSON.stringify({ source: 'https://github.com/a/b', type: 'git' }),
    );
    extensionAt(sandbox, installed('local'), 'local', 'echo local');
    sandbox.write(`${installed('local')}/.gemini-extension-install.json`, JSON.stringify({ source: '/src/local', type: 'local' }));
    expect((await handlers(sandbox)).map((h) => h.off)).toEqual([null, null]);
    sandbox.write('etc/settings.json', JSON.stringify({ security: { blockGitExtensions: true } }));
    expect((await handlers(sandbox)).map((h) => [h.command, h.off])).toEqual([
      ['echo git', expect.stringMatching(/Extensions from remote sources is disallowed by your current settings\.$/)],
      ['echo local', null],
    ]);
  });
});
