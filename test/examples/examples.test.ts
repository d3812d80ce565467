import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const sandbox = mkdtempSync(join(tmpdir(), 'hookctl-examples-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

const EXAMPLES = ['claude-guard', 'openinterpreter-policy-gate', 'octo-guard', 'codex-guard', 'gemini-guard', 'one-guard'];

/**
 * A copy of a bundled example in a git repository of its own, with an empty home, so nothing outside it
 * is read or written: at its place in ours (`<repo>/examples/<name>`), or at the root of the repository,
 * as a user who takes it as a template copies it (issue 44). Its hooks find their scripts in both.
 */
function copyExample(name: string, layout: 'in-place' | 'root'): { cwd: string; common: string[] } {
  const root = join(sandbox, `${name}-${layout}-repo`);
  const cwd = layout === 'root' ? root : join(root, 'examples', name);
  // Logs a hook wrote during a manual run in the repo are not part of the example.
  cpSync(join(repo, 'examples', name), cwd, { recursive: true, filter: (path) => !/\.(jsonl|log)$/.test(path) });
  execFileSync('git', ['init', '--quiet', root], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  const home = join(sandbox, `${name}-${layout}-home`);
  mkdirSync(home);
  return { cwd, common: ['--cwd', cwd, '--home', home, '--managed', join(sandbox, 'none.toml')] };
}

describe.each(EXAMPLES.map((name) => [name, 'root'] as const))('examples/%s copied to the %s of another repository', (name, layout) => {
  const { cwd, common } = copyExample(name, layout);

  it('lints clean', async () => {
    const result = await runCli(['lint', '--format', 'json', ...common]);
    const { findings } = JSON.parse(result.stdout) as { findings: { ruleId: string }[] };
    expect(findings).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('passes its hooks-tests cases', async () => {
    const result = await runCli(['test', ...common]);
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('✗');
  });

  // Hooks run in the session's cwd, which follows `cd`: each case whose payload ran at the project root
  // runs two levels down, and its hooks must still find their scripts. Not Gemini: it reads the settings
  // of the directory it started in and runs hooks there ($GEMINI_PROJECT_DIR), whatever the model `cd`s to.
  it.skipIf(name === 'gemini-guard')('passes them again with the session cd-ed into a subdirectory', async () => {
    mkdirSync(join(cwd, 'sub', 'deeper'), { recursive: true });
    const payloads = join(cwd, 'hooks-tests', 'payloads');
    let moved = 0;
    for (const file of readdirSync(payloads)) {
      const payload = JSON.parse(readFileSync(join(payloads, file), 'utf8')) as { cwd?: unknown };
      if (payload.cwd !== '.' && payload.cwd !== '${PROJECT}') continue;
      writeFileSync(join(payloads, file), JSON.stringify({ ...payload, cwd: '${PROJECT}/sub/deeper' }));
      moved++;
    }
    expect(moved).toBeGreaterThan(0);
    const result = await runCli(['test', ...common]);
    if (name === 'one-guard') {
      // The same cd'd payloads reach Gemini's run too, which a real Gemini never sends: only Claude's and Codex's runs count.
      expect(result.stdout).toMatch(/^claude: \d+ passed, 0 failed$/m);
      expect(result.stdout).toMatch(/^codex: \d+ passed, 0 failed$/m);
      return;
    }
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    expect(result.code).toBe(0);
  });
});

describe.each(EXAMPLES)('examples/%s', (name) => {
  const { cwd, common } = copyExample(name, 'in-place');

  it('lints clean', async () => {
    const result = await runCli(['lint', '--format', 'json', ...common]);
    const { findings } = JSON.parse(result.stdout) as { findings: { ruleId: string }[] };
    expect(findings).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('passes its hooks-tests cases', async () => {
    const result = await runCli(['test', ...common]);
    expect(result.stdout).toMatch(/^\d+ passed, 0 failed$/m);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('✗');
  });

  if (name === 'claude-guard') {
    it('the formatter rewrites a file Claude just edited and tells Claude so', async () => {
      writeFileSync(join(cwd, 'src', 'slug.mjs'), 'export const a = 1;   \r\nexport const b = 2;\n\n\n');
      const payload = JSON.parse(readFileSync(join(cwd, 'hooks-tests', 'payloads', 'edit-clean-file.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      const result = await runCli(['run', 'PostToolUse', '--dangerously-bypass-hook-trust', ...common], {
        input: JSON.stringify({ ...payload, cwd }),
      });
      expect(result.code).toBe(0);
      const outcome = JSON.parse(result.stdout) as { additionalContext: string; runs: { status: string }[] };
      expect(outcome.runs.map((run) => run.status)).toEqual(['completed']);
      expect(outcome.additionalContext).toBe(
        'Formatted src/slug.mjs on disk (fixed trailing whitespace on 1 line, CRLF line ends, the final newline); ' +
          're-read it before editing it again.',
      );
      expect(readFileSync(join(cwd, 'src', 'slug.mjs'), 'utf8')).toBe('export const a = 1;\nexport const b = 2;\n');
    });
  }

  if (name === 'codex-guard') {
    it('the SessionEnd hook logged the session it saw end', () => {
      expect(readFileSync(join(cwd, '.codex', 'sessions.log'), 'utf8')).toBe('example-session ended\n');
    });
  }

  if (name === 'octo-guard') {
    it('the audit logger appended one JSON line per PostToolUse call', () => {
      const lines = readFileSync(join(cwd, '.octo', 'audit.jsonl'), 'utf8')
        .trim()
        .split('\n');
      expect(lines.map((line) => JSON.parse(line).event)).toEqual(['PostToolUse']);
    });
  }
});

describe("the README's fresh-clone command", () => {
  it('blocks rm -rf in the bundled policy-gate example', async () => {
    // The "From npm" commands before it run from the packed tarball (test/package/docs-examples.test.ts).
    const full = readFileSync(join(repo, 'README.md'), 'utf8');
    const readme = full.slice(full.indexOf('## Fresh clone'));
    const command = /^npx hookctl (dry-run .+)$/m.exec(readme)?.[1];
    expect(command).toBeDefined();
    const result = await runCli(command!.split(/\s+/), { cwd: repo });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^verdict: deny — refusing destructive rm -rf/m);
  });
});
