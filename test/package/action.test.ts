// The GitHub Action (action.yml) and the README's plain-steps workflow, run locally: their bash
// steps run for real (test/helpers/actions-runner.ts runs them as the runner does) against the
// release commit of this repository as the action's checkout; the `uses:` steps (setup-node,
// upload-sarif) cannot run here, so the test checks what they would be given.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runSteps, type Step, type StepResult } from '../helpers/actions-runner.js';
import { startLocalRegistry, type LocalRegistry } from '../helpers/local-registry.js';
import { cleanEnv, makeReleaseRepo, REPO, type ReleaseRepo } from '../helpers/release-repo.js';

interface Action {
  name: string;
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const CLEAN = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }] } }\n';
// An invalid regex (an unknown openinterpreter event is only a warning: its Codex runtime skips it).
const BROKEN =
  '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "Bash(", "hooks": [{ "type": "command", "command": "echo hi" }] }]\n  }\n}\n';
const WARNING_ONLY = '{ "hooks": { "Stop": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo done" }] }] } }\n';

const action = parse(readFileSync(join(REPO, 'action.yml'), 'utf8')) as Action;

let root: string;
let release: ReleaseRepo;
let registry: LocalRegistry;
let env: Record<string, string>;
let projects = 0;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hookctl-action-'));
  release = makeReleaseRepo(root);
  registry = await startLocalRegistry(join(REPO, 'node_modules'));
  mkdirSync(join(root, 'home'));
  env = cleanEnv({ HOME: join(root, 'home'), npm_config_cache: join(root, 'npm-cache'), npm_config_registry: registry.url });
}, 180_000);

afterAll(async () => {
  await registry?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A checked-out repository (`git init`), as actions/checkout leaves the workspace. */
function project(hooksJson: string | null): string {
  const dir = join(root, `workspace-${++projects}`);
  mkdirSync(dir);
  execFileSync('git', ['init', '--quiet', '--initial-branch=main'], { cwd: dir, env });
  if (hooksJson !== null) {
    mkdirSync(join(dir, '.openinterpreter'));
    writeFileSync(join(dir, '.openinterpreter/hooks.json'), hooksJson);
  }
  return dir;
}

function runAction(workspace: string, inputs: Record<string, string> = {}): Promise<StepResult[]> {
  const defaults = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? '']));
  return runSteps(action.runs.steps, { inputs: { ...defaults, ...inputs }, actionPath: release.dir, workspace, env });
}

function byName(results: StepResult[], name: string): StepResult {
  const result = results.find((entry) => entry.step.name === name);
  if (!result) throw new Error(`no step named ${name}`);
  return result;
}

function describeSteps(results: StepResult[]): string {
  return results.map((r) => `${r.step.name ?? r.step.uses}: ${r.status} (${r.exitCode})\n${r.stdout}${r.stderr}`).join('\n');
}

interface SarifLog {
  runs: { results: { ruleId: string; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[];
}

function write(dir: string, path: string, content: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

/** The uploaded SARIF file's results as `ruleId uri`. */
function uploaded(results: StepResult[]): string[] {
  const upload = byName(results, 'Upload SARIF to code scanning');
  const log = JSON.parse(readFileSync(upload.with!.sarif_file!, 'utf8')) as SarifLog;
  return log.runs[0]!.results.map((r) => `${r.ruleId} ${r.locations[0]!.physicalLocation.artifactLocation.uri}`);
}

describe('action.yml', () => {
  it('is a composite action that sets up Node, installs hookctl, lints, uploads SARIF and fails last', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps.map((step) => step.name)).toEqual([
      'Set up Node.js',
      'Install hookctl',
      'hookctl lint --format sarif',
      'Upload SARIF to code scanning',
      'Fail on errors',
    ]);
    expect(action.runs.steps.flatMap((step) => step.uses ?? [])).toEqual(['actions/setup-node@v4', 'github/codeql-action/upload-sarif@v3']);
    expect(Object.keys(action.inputs).sort()).toEqual(['args', 'category', 'node-version', 'upload', 'working-directory']);
    expect(action.outputs['exit-code']!.value).toBe('${{ steps.lint.outputs.exit-code }}');
  });

  it('has run steps that are valid bash and call the binary the release ships', () => {
    for (const step of action.runs.steps.filter((entry) => entry.run)) {
      const check = spawnSync('bash', ['-n'], { input: step.run, encoding: 'utf8' });
      expect(check.stderr, step.name).toBe('');
      expect(step.shell, step.name).toBe('bash');
    }
    expect(existsSync(join(release.dir, 'bin/hookctl.js'))).toBe(true);
    expect(existsSync(join(release.dir, 'dist/src/cli/main.js'))).toBe(true);
  });

  it('on a clean config: lint exit 0, the SARIF file is uploaded, the job passes', async () => {
    const results = await runAction(project(CLEAN));
    expect(byName(results, 'Install hookctl').status, describeSteps(results)).toBe('success');
    const lint = byName(results, 'hookctl lint --format sarif');
    expect(lint.status, describeSteps(results)).toBe('success');
    expect(lint.outputs['exit-code']).toBe('0');
    const upload = byName(results, 'Upload SARIF to code scanning');
    expect(upload.status).toBe('not-run-here');
    expect(upload.with).toEqual({ sarif_file: lint.outputs['sarif-file'], category: 'hookctl' });
    expect((JSON.parse(readFileSync(upload.with!.sarif_file!, 'utf8')) as SarifLog).runs[0]!.results).toEqual([]);
    expect(byName(results, 'Fail on errors').status).toBe('skipped');
  });

  it('on a broken config: lint exit 1, the SARIF file with the findings is uploaded, then the job fails with annotations', async () => {
    const results = await runAction(project(BROKEN));
    const lint = byName(results, 'hookctl lint --format sarif');
    expect(lint.status, describeSteps(results)).toBe('success');
    expect(lint.outputs['exit-code']).toBe('1');
    const upload = byName(results, 'Upload SARIF to code scanning');
    expect((JSON.parse(readFileSync(upload.with!.sarif_file!, 'utf8')) as SarifLog).runs[0]!.results.map((r) => r.ruleId)).toEqual([
      'invalid-matcher',
    ]);
    const fail = byName(results, 'Fail on errors');
    expect(fail.status).toBe('failure');
    expect(fail.stdout).toContain(
      '::error file=.openinterpreter/hooks.json,line=3,col=33,title=invalid-matcher::matcher "Bash(" is not a valid regular expression',
    );
  });

  it('fails on warnings with args: --max-warnings 0, and uploads nothing with upload: false', async () => {
    const results = await runAction(project(WARNING_ONLY), { args: '--max-warnings 0', upload: 'false' });
    expect(byName(results, 'hookctl lint --format sarif').outputs['exit-code'], describeSteps(results)).toBe('1');
    expect(byName(results, 'Upload SARIF to code scanning').status).toBe('skipped');
    expect(byName(results, 'Fail on errors').status).toBe('failure');
  });

  it('when hookctl cannot lint (exit 2): fails at the lint step with the message, uploads nothing', async () => {
    const results = await runAction(project(CLEAN), { args: 'no-such-hooks.json' });
    const lint = byName(results, 'hookctl lint --format sarif');
    expect(lint.status, describeSteps(results)).toBe('failure');
    expect(lint.exitCode).toBe(2);
    expect(lint.outputs['exit-code']).toBe('2');
    expect(lint.stderr).toContain('no-such-hooks.json');
    expect(lint.stdout).toContain('::error title=hookctl lint::hookctl could not lint (exit 2');
    expect(byName(results, 'Upload SARIF to code scanning').status).toBe('skipped');
    expect(byName(results, 'Fail on errors').status).toBe('skipped');
  });

  it('from working-directory: SARIF uri and annotations name the file from the repository root, as GitHub resolves them', async () => {
    const workspace = project(null);
    write(workspace, 'app/.openinterpreter/hooks.json', BROKEN);
    const results = await runAction(workspace, { 'working-directory': 'app' });
    expect(byName(results, 'hookctl lint --format sarif').outputs['exit-code'], describeSteps(results)).toBe('1');
    expect(uploaded(results)).toEqual(['invalid-matcher app/.openinterpreter/hooks.json']);
    expect(byName(results, 'Fail on errors').stdout).toContain(
      '::error file=app/.openinterpreter/hooks.json,line=3,col=33,title=invalid-matcher::',
    );
  });

  it(
    'lints every dialect and every nested config of the repository: ' + 'a broken .octo/hooks.yml beside a clean .openinterpreter/',
    async () => {
      const workspace = project(CLEAN);
      write(workspace, '.octo/hooks.yml', 'hooks:\n  PreToolUze:\n    - command: echo hi\n');
      write(workspace, 'packages/app/.openinterpreter/hooks.json', BROKEN);
      write(workspace, '.gitignore', 'dist/\n');
      write(workspace, 'dist/.openinterpreter/hooks.json', BROKEN);
      const results = await runAction(workspace);
      expect(byName(results, 'hookctl lint --format sarif').outputs['exit-code'], describeSteps(results)).toBe('1');
      expect(uploaded(results)).toEqual(['unknown-event .octo/hooks.yml', 'invalid-matcher packages/app/.openinterpreter/hooks.json']);
      expect(byName(results, 'Fail on errors').status).toBe('failure');
    },
  );

  it("passes with broken configs in the runner's HOME: nothing outside the repository is linted", async () => {
    const workspace = project(CLEAN);
    const home = join(root, `home-${projects}`);
    write(home, '.openinterpreter/hooks.json', BROKEN);
    write(home, '.octo/hooks.yml', 'hooks:\n  PreToolUze:\n    - command: echo hi\n');
    const defaults = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? '']));
    const results = await runSteps(action.runs.steps, {
      inputs: defaults,
      actionPath: release.dir,
      workspace,
      env: { ...env, HOME: home },
    });
    expect(byName(results, 'hookctl lint --format sarif').outputs['exit-code'], describeSteps(results)).toBe('0');
    expect(uploaded(results)).toEqual([]);
    expect(byName(results, 'Fail on errors').status).toBe('skipped');
  });
});

describe("the README's plain-steps workflow", () => {
  /** The YAML block after "Without the action" in README.md. */
  function readmeSteps(): Step[] {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    const after = readme.slice(readme.indexOf('Without the action'));
    const block = /```yaml\n([\s\S]*?)```/.exec(after);
    if (!block) throw new Error('README.md has no workflow after "Without the action"');
    return parse(block[1]!) as Step[];
  }

  /** A workspace with hookctl as a devDependency: node_modules/.bin/hookctl is the binary (from `bin`). */
  function workspaceWith(hooksJson: string, bin = join(REPO, 'bin/hookctl.js')): string {
    const dir = project(hooksJson);
    mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
    symlinkSync(bin, join(dir, 'node_modules/.bin/hookctl'));
    return dir;
  }

  function runReadme(workspace: string): Promise<StepResult[]> {
    return runSteps(readmeSteps(), { inputs: {}, workspace, env });
  }

  it('uploads the findings and then fails on errors', async () => {
    const workspace = workspaceWith(BROKEN);
    const [lint, upload, annotate] = await runReadme(workspace);
    expect(lint!.status, lint!.stderr).toBe('success');
    expect(upload!.with).toEqual({ sarif_file: 'hookctl.sarif' });
    expect((JSON.parse(readFileSync(join(workspace, 'hookctl.sarif'), 'utf8')) as SarifLog).runs[0]!.results.map((r) => r.ruleId)).toEqual([
      'invalid-matcher',
    ]);
    expect(annotate!.status).toBe('failure');
    expect(annotate!.stdout).toContain('::error file=.openinterpreter/hooks.json,line=3,col=33,title=invalid-matcher::');
  });

  it('passes on a clean config', async () => {
    const results = await runReadme(workspaceWith(CLEAN));
    expect(
      results.map((r) => r.status),
      describeSteps(results),
    ).toEqual(['success', 'not-run-here', 'skipped']);
  });

  it('fails at the lint step when hookctl cannot lint, instead of uploading an empty SARIF file', async () => {
    // A hookctl whose dist/ was never built: the real binary exits 2 with its message.
    const unbuilt = join(root, 'unbuilt/bin');
    mkdirSync(unbuilt, { recursive: true });
    cpSync(join(REPO, 'bin/hookctl.js'), join(unbuilt, 'hookctl.js'));
    const results = await runReadme(workspaceWith(CLEAN, join(unbuilt, 'hookctl.js')));
    expect(results[0]!.status).toBe('failure');
    expect(results[0]!.exitCode).toBe(2);
    expect(results[0]!.stderr).toContain('dist/ is missing');
    expect(results.slice(1).map((r) => r.status)).toEqual(['skipped', 'skipped']);
  });
});
