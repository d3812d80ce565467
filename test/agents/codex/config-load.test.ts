import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexUnavailable, codexWorld } from './harness.js';
import { trustProjectToml } from './layers.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex config-load suite skipped: ${unavailable}`);

const HANDLER = (extra: string) =>
  `[[hooks.SessionStart]]\n[[hooks.SessionStart.hooks]]\ntype = "command"\ncommand = "echo ran"\n${extra}\n`;
const REFUSED = ['timeout = 1.5', 'timeout = -1', 'timeout = "5"', 'async = "yes"', 'statusMessage = 3'];
const SESSION_REFUSED = ['-c', 'hooks.SessionStart=[{hooks=[{type="command",command="true",timeout=1.5}]}]'];

interface LoadCase {
  name: string;
  userToml?: string;
  projectToml?: string;
  args?: string[];
  starts: boolean;
}

const LOAD_CASES: LoadCase[] = [
  ...REFUSED.map((extra) => ({ name: `user config.toml [hooks] ${extra}`, userToml: HANDLER(extra), starts: false })),
  ...REFUSED.map((extra) => ({
    name: `trusted project config.toml [hooks] ${extra}`,
    projectToml: HANDLER(extra),
    userToml: '<trust>',
    starts: false,
  })),
  { name: 'untrusted project config.toml [hooks] timeout = 1.5 (not read)', projectToml: HANDLER('timeout = 1.5'), starts: true },
  { name: '-c hooks.SessionStart with timeout = 1.5', args: SESSION_REFUSED, starts: false },
  { name: 'a prompt handler is skipped, not refused', userToml: HANDLER('').replace('"command"\n', '"prompt"\n'), starts: true },
  { name: 'an unknown event is skipped, not refused', userToml: '[[hooks.Bogus]]\nmatcher = 1\n', starts: true },
  { name: 'a well-formed [hooks] table', userToml: HANDLER('timeout = 5'), starts: true },
];

describe.skipIf(unavailable !== null).concurrent('a config.toml [hooks] type error: Codex will not start, and hookctl says so', () => {
  for (const c of LOAD_CASES) {
    it(c.name, async () => {
      const world = codexWorld();
      try {
        const trust = trustProjectToml(world.project);
        world.put('home/.codex/config.toml', (c.userToml ?? '').replace('<trust>', trust));
        if (c.projectToml) world.put('project/.codex/config.toml', c.projectToml);
        world.put('home/.codex/hooks.json', { hooks: { Stop: [{ hooks: [{ type: 'command', command: world.hook('json-stop') }] }] } });
        const flags = (c.args ?? []).map((flag) => (flag === '-c' ? '--config' : flag));
        const run = await world.codex({ script: [{ message: 'hello' }], args: [...(c.args ?? []), '--dangerously-bypass-hook-trust'] });
        const dryRun = await world.hookctl('dry-run', 'Stop', '--dangerously-bypass-hook-trust', ...flags);
        const listed = JSON.parse((await world.hookctl('list', '--json', ...flags)).stdout) as { loadErrors: { message: string }[] };
        if (c.starts) {
          expect(run.exitCode, run.stderr).toBe(0);
          expect(world.invocations('json-stop').length).toBeGreaterThan(0);
          expect(dryRun.code, dryRun.stderr).toBe(0);
          expect(listed.loadErrors).toEqual([]);
        } else {
          expect(run.exitCode).toBe(1);
          expect(run.stderr).toMatch(/Error loading config\.toml: invalid (type|value): .*\n?in `hooks`/);
          // No hook runs, the hooks.json ones included.
          expect(world.invocations('json-stop')).toEqual([]);
          expect(dryRun.code).not.toBe(0);
          expect(dryRun.stderr).toContain('Codex will not start');
          expect(listed.loadErrors.map((finding) => finding.message)).toEqual([expect.stringMatching(/^Codex will not start: /)]);
          const file = c.projectToml ? join(world.project, '.codex/config.toml') : c.userToml ? join(world.codexHome, 'config.toml') : null;
          if (file !== null) {
            const lint = await world.hookctl('lint', file);
            expect(lint.code).toBe(1);
            expect(lint.stdout).toMatch(/error {2}Codex will not start: /);
          }
        }
      } finally {
        world.dispose();
      }
    }, 120_000);
  }
});

type GitMarker = 'repo' | 'empty-dir' | 'head-only' | 'objects-only' | 'git-file' | 'none';

const ROOT_CASES: { marker: GitMarker; trusted: 'project' | 'cwd'; loads: boolean }[] = [
  { marker: 'repo', trusted: 'project', loads: true },
  { marker: 'empty-dir', trusted: 'project', loads: false },
  { marker: 'empty-dir', trusted: 'cwd', loads: false },
  { marker: 'head-only', trusted: 'project', loads: true },
  { marker: 'objects-only', trusted: 'project', loads: false },
  { marker: 'git-file', trusted: 'project', loads: true },
  { marker: 'none', trusted: 'project', loads: false },
];

describe.skipIf(unavailable !== null).concurrent('the project root and its trust key, as Codex finds them from a subdirectory', () => {
  for (const c of ROOT_CASES) {
    it(`${c.marker} .git, ${c.trusted} trusted: the root's .codex/hooks.json ${c.loads ? 'loads' : 'does not load'}`, async () => {
      const world = codexWorld({ git: c.marker === 'repo' ? 'repo' : c.marker === 'empty-dir' ? 'empty-dir' : 'none' });
      try {
        const dotGit = join(world.project, '.git');
        if (c.marker === 'head-only') world.put('project/.git/HEAD', 'ref: refs/heads/main\n');
        if (c.marker === 'objects-only') mkdirSync(join(dotGit, 'objects'), { recursive: true });
        if (c.marker === 'git-file') writeFileSync(dotGit, 'gitdir: /nonexistent\n');
        const cwd = join(world.project, 'sub');
        mkdirSync(cwd, { recursive: true });
        world.put('home/.codex/config.toml', trustProjectToml(c.trusted === 'project' ? world.project : cwd));
        world.put('project/.codex/hooks.json', {
          hooks: { SessionStart: [{ hooks: [{ type: 'command', command: world.hook('root') }] }] },
        });
        await world.codex({ cwd, script: [{ message: 'hello' }], args: ['--dangerously-bypass-hook-trust'] });
        const codexLoads = world.invocations('root').length > 0;
        const listed = await world.hookctl('list', '--json', '--cwd', cwd);
        const hooks = (JSON.parse(listed.stdout) as { hooks: { event: string; skipReason: string | null }[] }).hooks;
        const hookctlLoads = hooks.some((hook) => hook.event === 'SessionStart' && hook.skipReason !== 'workspace-untrusted');
        expect(codexLoads).toBe(c.loads);
        expect(hookctlLoads).toBe(codexLoads);
      } finally {
        world.dispose();
      }
    }, 120_000);
  }
});
