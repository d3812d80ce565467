import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { everyRule } from '../../src/dialects/every-rule.js';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const ruleIds = new Set((await everyRule()).map((rule) => rule.meta.id));

/** Every rule id a finding can carry names a rule: a SARIF rule descriptor and a page under docs/rules/. */
function expectDescribed(ids: Iterable<string>, descriptors: ReadonlySet<string> = ruleIds): void {
  for (const id of ids) {
    expect(descriptors.has(id), `${id} has a SARIF rule descriptor`).toBe(true);
    expect(ruleIds.has(id), `${id} is a lint rule`).toBe(true);
    expect(existsSync(join(repo, 'docs', 'rules', `${id}.md`)), `docs/rules/${id}.md exists`).toBe(true);
  }
}

/** The rule ids of a SARIF log's results, and the ids its driver describes. */
function sarifIds(stdout: string): { results: Set<string>; described: Set<string> } {
  const run = JSON.parse(stdout).runs[0];
  return {
    results: new Set(run.results.map((result: { ruleId: string }) => result.ruleId)),
    described: new Set(run.tool.driver.rules.map((rule: { id: string }) => rule.id)),
  };
}

/** `file:line:col: severity: message (rule-id)` → rule-id. */
const ruleIdOf = (line: string) => /\(([\w-]+)\)$/.exec(line)?.[1] ?? `unparsable: ${line}`;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('every rule id a finding can carry has a rule descriptor and a docs page', () => {
  it('findings are made by rules only: no module outside the rule runner writes a ruleId', () => {
    // analyse-files.ts turns a rule's report into a Finding; the kit declares the type; reporters copy it out.
    const allowed = (path: string) =>
      path === 'src/config/analyse-files.ts' || path.startsWith('src/kit/') || path.startsWith('src/lint/reporters/');
    const writers = sourceFiles(join(repo, 'src'))
      .map((path) => relative(repo, path))
      .filter(
        (path) => !allowed(path) && /\bruleId\s*:(?!\s*string\b)|(?<!\$)[{,]\s*ruleId\s*[,}]/.test(readFileSync(join(repo, path), 'utf8')),
      );
    expect(writers).toEqual([]);
  });

  it('lint over every example project and every documented claude configuration (SARIF)', async () => {
    const examples = readdirSync(join(repo, 'examples')).map((name) => join(repo, 'examples', name));
    const claudeConfigs = join(repo, 'test', 'fixtures', 'claude', 'config');
    const named = readdirSync(claudeConfigs)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(claudeConfigs, name));
    const runs = await Promise.all([
      ...examples.map((cwd) => runCli(['lint', '--format', 'sarif'], { cwd })),
      runCli(['lint', '--format', 'sarif', '--dialect', 'claude', ...named], { cwd: claudeConfigs }),
    ]);
    const seen = new Set<string>();
    for (const run of runs) {
      const { results, described } = sarifIds(run.stdout);
      expectDescribed(results, described);
      for (const id of results) seen.add(id);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('load findings of claude and codex (switches, plugins, manifests, rejected files), in list and lint --effective', async () => {
    const box = makeTempProject();
    const hooks = { hooks: { Stop: [{ hooks: [{ type: 'command' }] }] } };
    box.write(
      'home/.claude/settings.json',
      JSON.stringify({ disableAllHooks: true, enabledPlugins: { 'ghost@market': true, 'guard@market': true, nonsense: true } }),
    );
    box.write(
      'home/.claude/plugins/cache/market/guard/1.0.0/.claude-plugin/plugin.json',
      JSON.stringify({ name: 'guard', hooks: ['../x.json', './gone.json', 7] }),
    );
    box.write('project/.claude/settings.json', JSON.stringify({ disableAllHooks: 'no', ...hooks }));
    box.write(
      'etc/claude-code/managed-settings.json',
      JSON.stringify({ allowManagedHooksOnly: true, strictPluginOnlyCustomization: true }),
    );
    box.write('home/.codex/config.toml', '[plugins."guard@market"]\n');
    box.write(
      'home/.codex/plugins/cache/market/guard/1.0.0/.codex-plugin/plugin.json',
      JSON.stringify({ name: 'guard', hooks: ['./gone.json', 'bad.json'] }),
    );
    box.write('project/.codex/hooks.json', JSON.stringify(hooks));
    const seen = new Set<string>();
    for (const [dialect, managed] of [
      ['claude', 'etc/claude-code/managed-settings.json'],
      ['codex', 'etc/requirements.toml'],
    ] as const) {
      const common = ['--dialect', dialect, '--cwd', box.project, '--home', box.home, '--managed', join(box.root, managed)];
      const env = { CLAUDE_CONFIG_DIR: undefined, CODEX_HOME: undefined };
      const list = JSON.parse((await runCli(['list', '--json', ...common], { env })).stdout);
      const loaded = [...list.loadErrors.map((finding: { ruleId: string }) => finding.ruleId), ...list.warnings.map(ruleIdOf)];
      expectDescribed(loaded);
      const lint = sarifIds((await runCli(['lint', '--effective', '--format', 'sarif', ...common], { env })).stdout);
      expectDescribed(lint.results, lint.described);
      for (const id of [...loaded, ...lint.results]) seen.add(id);
    }
    // The scenario reaches the findings that once had no rule: each is now a rule's.
    expect([...seen]).toEqual(expect.arrayContaining(['hooks-switch', 'plugin-discovery', 'empty-command', 'invalid-value']));
  });
});
