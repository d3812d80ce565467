import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/create-engine.js';
import { loopbackNamespace } from '../../../src/util/loopback-namespace.js';
import { runCli } from '../../helpers/run-cli.js';

/**
 * Issue 28, the per-user state of a Gemini CLI hook, proven with Gemini's own code
 * (@google/gemini-cli-core 0.61.0, state-driver.mjs) beside hookctl's engine and binary:
 * - the environment a hook process gets (hookRunner.ts over services/environmentSanitization.ts and
 *   config/storage.ts getPlansDir): every variable, GEMINI_PLANS_DIR included, must be the same;
 * - the workspace hooks Gemini announces as new (hooks/trustedHooks.ts): hookctl names the same
 *   ones, and after `hookctl trust` Gemini's own check finds none.
 */

const DRIVER = fileURLToPath(new URL('./state-driver.mjs', import.meta.url));
const root = realpathSync(mkdtempSync(join(tmpdir(), 'hookctl-gemini-state-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs Gemini's code in a loopback-only namespace where one can be made, with this environment. */
function driver(mode: string, request: unknown, env: Record<string, string>): unknown {
  const requestFile = join(root, `request-${mode}.json`);
  const resultFile = join(root, `result-${mode}.json`);
  writeFileSync(requestFile, JSON.stringify(request));
  const namespace = loopbackNamespace();
  const argv = [process.execPath, DRIVER, mode, requestFile, resultFile];
  const [command, ...args] = namespace.available ? namespace.wrap(argv) : argv;
  execFileSync(command!, args, { cwd: root, stdio: 'ignore', env, timeout: 120_000 });
  return JSON.parse(readFileSync(resultFile, 'utf8'));
}

interface EnvCase {
  id: string;
  env?: Record<string, string>;
  settings?: Record<string, unknown>;
  hookEnv?: Record<string, string>;
  /** Files to create in the case's home before either side runs (Gemini's registry, a taken slug). */
  seed?: (home: string, project: string) => void;
}

const SECRETS = {
  API_TOKEN: 'token-value',
  MY_PASSWORD: 'hunter2',
  DATABASE_URL: 'postgres://db',
  PLAIN_SETTING: 'kept',
  KEEP_KEY: 'allowed by name',
  DROP_ME: 'blocked by name',
  MIRROR: 'https://user:pass@example.com/repo',
  GH: `ghp_${'a'.repeat(36)}`,
  GEMINI_CLI_EXTRA: 'never redacted',
  GIT_CONFIG_COUNT: '0',
  TERM: 'xterm',
};
const REDACTION = { security: { environmentVariableRedaction: { enabled: true, allowed: ['keep_key'], blocked: ['DROP_ME'] } } };

const ENV_CASES: EnvCase[] = [
  { id: 'no redaction: the agent environment as is; plans dir under a fresh project slug' },
  { id: 'redaction enabled with allowed and blocked names', settings: REDACTION },
  { id: 'redaction enabled, no lists', settings: { security: { environmentVariableRedaction: { enabled: true } } } },
  { id: 'GitHub Actions (GITHUB_SHA): strict, only the allow-listed names', env: { GITHUB_SHA: 'abc123' } },
  { id: 'SURFACE=Github: strict', env: { SURFACE: 'Github' }, settings: REDACTION },
  { id: 'a custom general.plan.directory inside the project', settings: { general: { plan: { directory: 'docs/plans' } } } },
  { id: 'a custom plans directory outside the project falls back', settings: { general: { plan: { directory: '../outside' } } } },
  { id: 'the hook env goes over Gemini variables', hookEnv: { GEMINI_CWD: 'own', OWN: 'set by the hook' } },
  {
    id: 'projects.json already maps the project',
    seed: (home, project) => write(join(home, '.gemini', 'projects.json'), JSON.stringify({ projects: { [project]: 'mapped-7' } })),
  },
  {
    id: 'the slug is taken by another project on disk',
    seed: (home, project) => write(join(home, '.gemini', 'tmp', basename(project), '.project_root'), '/some/other/project'),
  },
  { id: 'GEMINI_CLI_HOME moves the runtime dir', env: { GEMINI_CLI_HOME: 'alt' } },
];

function write(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

const dumpCommand = (out: string) => `node -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.env))' '${out}'`;

/** The case's paths and agent environment (the same on both sides). */
function caseSetup(testCase: EnvCase, index: number) {
  const base = join(root, `env-${index}`);
  const home = join(base, 'home');
  const project = join(base, `proj-${index}`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GEMINI_CLI_TRUST_WORKSPACE: 'true',
    ...SECRETS,
    ...testCase.env,
  };
  if (env.GEMINI_CLI_HOME) env.GEMINI_CLI_HOME = join(base, env.GEMINI_CLI_HOME);
  return { base, home, project, env, settings: testCase.settings ?? {} };
}

const hookctlEnv = new Map<number, Record<string, string>>();
const geminiEnv = new Map<number, Record<string, string>>();

beforeAll(async () => {
  const requests = [];
  for (const [index, testCase] of ENV_CASES.entries()) {
    const setup = caseSetup(testCase, index);
    mkdirSync(join(setup.project, '.gemini'), { recursive: true });
    mkdirSync(setup.home, { recursive: true });
    testCase.seed?.(setup.home, setup.project);
    // hookctl first: on a fresh home it must predict the slug Gemini then claims.
    const hookctlOut = join(setup.base, 'hookctl-env.json');
    const hook = { type: 'command', command: dumpCommand(hookctlOut), ...(testCase.hookEnv ? { env: testCase.hookEnv } : {}) };
    writeFileSync(
      join(setup.project, '.gemini', 'settings.json'),
      JSON.stringify({ ...setup.settings, hooks: { SessionStart: [{ hooks: [hook] }] } }),
    );
    const engine = await createEngine({
      dialect: 'gemini',
      cwd: setup.project,
      home: setup.home,
      managedConfigPath: join(setup.base, 'no-system-settings.json'),
      env: setup.env,
    });
    try {
      await engine.dispatch(
        'SessionStart' as never,
        {
          session_id: `session-${index}`,
          transcript_path: '',
          cwd: setup.project,
          hook_event_name: 'SessionStart',
          timestamp: new Date().toISOString(),
          source: 'startup',
        } as never,
      );
    } finally {
      await engine.close();
    }
    hookctlEnv.set(index, JSON.parse(readFileSync(hookctlOut, 'utf8')));
    const geminiOut = join(setup.base, 'gemini-env.json');
    requests.push({
      env: setup.env,
      sessionId: `session-${index}`,
      project: setup.project,
      settings: setup.settings,
      command: dumpCommand(geminiOut),
      ...(testCase.hookEnv ? { hookEnv: testCase.hookEnv } : {}),
    });
  }
  driver('env', { cases: requests }, { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(root, 'driver-home') });
  for (const [index] of ENV_CASES.entries())
    geminiEnv.set(index, JSON.parse(readFileSync(join(caseSetup(ENV_CASES[index]!, index).base, 'gemini-env.json'), 'utf8')));
}, 300_000);

describe('gemini: a hook environment as Gemini CLI hook runner builds it', () => {
  it.each(ENV_CASES.map((testCase, index) => [testCase.id, index] as const))('%s', (_id, index) => {
    const ours = hookctlEnv.get(index)!;
    const theirs = geminiEnv.get(index)!;
    expect(ours).toEqual(theirs);
    expect(theirs.GEMINI_PLANS_DIR).toBeTruthy();
  });

  it('the cases say something: redaction dropped variables and the plans dirs differ by case', () => {
    expect(geminiEnv.get(1)!.API_TOKEN).toBeUndefined();
    expect(geminiEnv.get(0)!.API_TOKEN).toBe('token-value');
    expect(geminiEnv.get(3)!.PLAIN_SETTING).toBeUndefined();
    expect(geminiEnv.get(8)!.GEMINI_PLANS_DIR).toContain('mapped-7');
    expect(geminiEnv.get(9)!.GEMINI_PLANS_DIR).toMatch(/\/tmp\/proj-9-1\/session-9\/plans$/);
  });
});

describe('gemini: the project hooks Gemini CLI announces as new (trustedHooks.ts)', () => {
  const project = join(root, 'announce', 'project');
  const home = join(root, 'announce', 'home');
  const env = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GEMINI_CLI_HOME: home });
  const hooks = (extra: object[] = []) => ({
    BeforeTool: [
      {
        matcher: 'run_shell_command',
        hooks: [
          { type: 'command', name: 'guard', command: 'echo guard' },
          { type: 'command', command: 'echo plain' },
        ],
      },
    ],
    AfterTool: [{ hooks: [{ type: 'command', name: 'guard', command: 'echo guard' }, ...extra] }],
  });

  async function newToGemini(): Promise<string[]> {
    const engine = await createEngine({
      dialect: 'gemini',
      cwd: project,
      home,
      managedConfigPath: join(root, 'announce', 'none.json'),
      env: { ...env(), GEMINI_CLI_TRUST_WORKSPACE: 'true' },
    });
    try {
      const named = engine.handlers.filter((h) => h.trust.detail?.startsWith('new to Gemini CLI')).map((h) => h.name ?? h.command);
      return [...new Set(named)];
    } finally {
      await engine.close();
    }
  }

  function writeProject(projectHooks: object): void {
    mkdirSync(join(project, '.gemini'), { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(project, '.gemini', 'settings.json'), JSON.stringify({ hooks: projectHooks }));
  }

  it('hookctl names the hooks Gemini would announce; after `hookctl trust --all` Gemini announces none', async () => {
    writeProject(hooks());
    const geminiNew = driver('untrusted', { project, projectHooks: hooks() }, env());
    expect(geminiNew).toEqual(['guard', 'echo plain']);
    expect(await newToGemini()).toEqual(geminiNew);
    const trusted = await runCli(['trust', '--dialect', 'gemini', '--cwd', project, '--home', home, '--all', '--yes'], {
      cwd: project,
      env: { ...env(), GEMINI_CLI_TRUST_WORKSPACE: 'true' },
    });
    expect(trusted.code).toBe(0);
    expect(driver('untrusted', { project, projectHooks: hooks() }, env())).toEqual([]);
    expect(await newToGemini()).toEqual([]);
  }, 120_000);

  it('what Gemini itself recorded counts for hookctl; a hook added later is new to both', async () => {
    rmSync(join(root, 'announce'), { recursive: true, force: true });
    writeProject(hooks());
    driver('trust', { project, projectHooks: hooks() }, env());
    expect(await newToGemini()).toEqual([]);
    const more = hooks([
      { type: 'command', name: 'audit', command: 'echo audit' },
      { type: 'command', name: 'guard', command: 'echo changed' },
    ]);
    writeProject(more);
    const geminiNew = driver('untrusted', { project, projectHooks: more }, env());
    expect(geminiNew).toEqual(['audit', 'guard']);
    expect(await newToGemini()).toEqual(geminiNew);
  }, 120_000);
});
