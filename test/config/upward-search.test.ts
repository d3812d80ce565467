import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandScripts, findUpward, upwardDirs, upwardSearch } from '../../src/config/command-script.js';

const prologue = (rel: string, tail: string, exit = 2) =>
  `d=$PWD; while [ -n "$d" ] && [ ! -f "$d/${rel}" ]; do d=\${d%/*}; done; ` +
  `[ -n "$d" ] || { echo "no ${rel} at or above $PWD" >&2; exit ${exit}; }; ${tail}`;
const GUARD = prologue('.octo/hooks/guard.sh', 'exec "$d/.octo/hooks/guard.sh"');
const found = (rel: string) => `/repo/${rel}`;

describe('the upward-search prologue (issue 44)', () => {
  it('names the script it finds, directly executed or read by an interpreter', () => {
    expect(upwardSearch(GUARD)).toMatchObject({ rel: '.octo/hooks/guard.sh' });
    expect(commandScripts(GUARD, null, found)).toEqual({
      scripts: [{ path: '/repo/.octo/hooks/guard.sh', direct: true, runner: null, searched: '.octo/hooks/guard.sh' }],
      dirs: [],
      untracked: null,
    });
    const python = prologue('.codex/hooks/g.py', 'exec python3 -W ignore "$d/.codex/hooks/g.py" --strict', 1);
    expect(commandScripts(python, null, found).scripts).toEqual([
      { path: '/repo/.codex/hooks/g.py', direct: false, runner: 'python3', searched: '.codex/hooks/g.py' },
    ]);
  });

  it('recognises every bundled example that uses it', () => {
    const commands: string[] = [];
    for (const file of ['examples/codex-guard/.codex/hooks.json', 'examples/openinterpreter-policy-gate/.openinterpreter/hooks.json']) {
      const hooks = JSON.parse(readFileSync(file, 'utf8')).hooks as Record<string, { hooks: { command: string }[] }[]>;
      for (const groups of Object.values(hooks)) for (const group of groups) for (const hook of group.hooks) commands.push(hook.command);
    }
    for (const line of readFileSync('examples/octo-guard/.octo/hooks.yml', 'utf8').split('\n')) {
      const match = /command: '(.*)'$/.exec(line);
      if (match !== null) commands.push(match[1]!);
    }
    expect(commands.length).toBe(8);
    for (const command of commands) {
      const { scripts, untracked } = commandScripts(command, null, found);
      expect(untracked, command).toBeNull();
      expect(scripts, command).toHaveLength(1);
      expect(scripts[0]!.path).toBe(`/repo/${upwardSearch(command)!.rel}`);
    }
  });

  it('tolerates other blanks, newlines for `;` and "$PWD"', () => {
    const spaced = GUARD.replaceAll('; ', ' ;\n  ').replace('d=$PWD', 'd="$PWD"').replace('[ -n', '[ \t -n');
    expect(upwardSearch(spaced)?.rel).toBe('.octo/hooks/guard.sh');
    const lines = GUARD.replaceAll('; ', '\n').replace('&& [', '&&\n  [').replace('{ echo', '{\n  echo');
    expect(upwardSearch(`${lines}\n`)?.rel).toBe('.octo/hooks/guard.sh');
  });

  it.each([
    ['another script after the test', GUARD.replace('exec "$d/.octo/hooks/guard.sh"', 'exec "$d/.octo/hooks/other.sh"')],
    ['a path with ..', prologue('../x.sh', 'exec "$d/../x.sh"')],
    ['an absolute path', prologue('/x.sh', 'exec "$d//x.sh"')],
    ['a path with an expansion', prologue('$X/x.sh', 'exec "$d/$X/x.sh"')],
    ['a command substitution in the message', GUARD.replace('at or above $PWD', '$(id)')],
    ['a backquote in the message', GUARD.replace('at or above $PWD', '`id`')],
    ['another variable in the message', GUARD.replace('$PWD" >&2', '$HOME" >&2')],
    ['more after exec', `${GUARD}; ./x.sh`],
    ['a chain after exec', GUARD.replace('exec "$d', 'exec sh -c "cd /; $d')],
    ['a quoted word in the tail', GUARD.replace('exec "$d', "exec sh -c 'd=/tmp' \"$d")],
    ['a redirection in the tail', `${GUARD} < /dev/null`],
    ['no exec', GUARD.replace('exec "$d', '"$d')],
    ['another variable', GUARD.replaceAll('$d', '$e').replace('d=$PWD', 'e=$PWD').replace('d=${d%/*}', 'e=${e%/*}')],
    ['a start other than $PWD', GUARD.replace('d=$PWD', 'd=$HOME')],
    ['another step', GUARD.replace('${d%/*}', '${d%%/*}')],
    ['-e instead of -f', GUARD.replace('! -f', '! -e')],
    ['no not-found exit', GUARD.replace(/\[ -n "\$d" \] \|\| \{[^}]*\}; /, '')],
    ['a newline inside the test (it ends the command there)', GUARD.replace('[ ! -f', '[ !\n -f')],
    ['a newline inside the exec', GUARD.replace('exec "$d', 'exec\n"$d')],
    ['a second line after the exec', `${GUARD}\n./x.sh`],
    ['`{echo` (a command named so, not a group)', GUARD.replace('{ echo', '{echo')],
    ['$d used bare', GUARD.replace('exec "$d/.octo/hooks/guard.sh"', 'exec "$d/.octo/hooks/guard.sh" $d')],
  ])('stays "not tracked" when it deviates: %s', (_name, command) => {
    expect(upwardSearch(command)).toBeNull();
    const { scripts, untracked } = commandScripts(command, null, found);
    expect(scripts.filter((script) => script.searched !== undefined)).toEqual([]);
    expect(untracked).not.toBeNull();
  });

  it('walks up as `${d%/*}` does: down to the empty string, so `/` only when it starts there', () => {
    expect(upwardDirs('/a/b/c')).toEqual(['/a/b/c', '/a/b', '/a']);
    expect(upwardDirs('/')).toEqual(['/']);
    expect(findUpward('h/x.sh', '/a/b', () => false)).toEqual({ found: null, tried: ['/a/b/h/x.sh', '/a/h/x.sh'] });
    expect(findUpward('h/x.sh', '/', () => false).tried).toEqual(['/h/x.sh']);
    expect(findUpward('h/x.sh', '/a/b/c', (path) => path === '/a/h/x.sh')).toEqual({
      found: '/a/h/x.sh',
      tried: ['/a/b/c/h/x.sh', '/a/b/h/x.sh'],
    });
  });

  it('without a place to search from, it is read as before: not tracked', () => {
    expect(commandScripts(GUARD).untracked).toMatch(/expands at run time/);
  });
});
