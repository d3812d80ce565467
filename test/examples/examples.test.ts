import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const sandbox = mkdtempSync(join(tmpdir(), 'hookctl-examples-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/**
 * A copy of a bundled example at its place in a git repository of its own (`<repo>/examples/<name>`),
 * with an empty home, so nothing outside it is read or written. The examples reach their scripts from
 * the repository root git prints (what lint's cwd-relative-script asks for), so the copy keeps that path.
 */
function copyExample(name: string): { cwd: string; common: string[] } {
  const root = join(sandbox, `${name}-repo`);
  const cwd = join(root, 'examples', name);
  // Logs a hook wrote during a manual run in the repo are not part of the example.
  cpSync(join(repo, 'examples', name), cwd, { recursive: true, filter: (path) => !/\.(jsonl|log)$/.test(path) });
  execFileSync('git', ['init', '--quiet', root], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  mkdirSync(join(sandbox, `${name}-home`));
  return { cwd, common: ['--cwd', cwd, '--home', join(sandbox, `${name}-home`), '--managed', join(sandbox, 'none.toml')] };
}

describe.each(['claude-guard', 'openinterpreter-policy-gate', 'octo-guard', 'codex-guard', 'gemini-guard'])('examples/%s', (name) => {
  const { cwd, common } = copyExample(name);

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
