import { describe, expect, it } from 'vitest';
import { compileCondition } from '../../src/dialects/claude/if-condition.js';
import { command, dispatchOnce, group, hooks, makeClaudeSandbox } from '../dialects/claude/sandbox.js';
import { runCli } from '../helpers/run-cli.js';
import { sandboxFlags } from '../helpers/temp-project.js';

/**
 * A managed `if: "Bash(rm *)"` guard against the command forms a model (or a prompt injection) can
 * choose (issue 22, hole 5). hookctl decides as Claude Code 2.1.328 does (every form here was driven
 * through the binary once, test/agents/claude/tables.test.ts keeps a sample): `match`: the guard is
 * selected; `warn`: it runs with a warning because the line cannot be checked before it runs (Claude
 * runs the hook too); `bypass`: Claude does not run the hook although the command runs rm (a
 * wrapper, a path, `eval`, `-c`, a glob command word), so the guard is not selected and the dispatch
 * says it is bypassed; `skip`: the command runs no rm.
 */

const scope = { event: 'PreToolUse', anchor: '/repo', cwd: '/repo', home: '/home/me' };
const verdict = (rule: string, commandText: string) => {
  const result = compileCondition(rule, scope).test({ tool_name: 'Bash', tool_input: { command: commandText } });
  if (typeof result === 'object') {
    expect(result.unselected).toContain('Claude Code does not run this hook for this form');
    return 'bypass';
  }
  return result === true ? 'match' : result === false ? 'skip' : 'warn';
};

type Expect = 'match' | 'warn' | 'skip' | 'bypass';

/**
 * Every form that runs rm (or may): the guard sees it (match, or runs with a warning where the line
 * cannot be checked), except the forms Claude Code skips (bypass: not run, with a warning).
 * `$'\u0072m'` and `\r\n` cannot be driven through the binary as written (its transport rewrites
 * them); they are read like their neighbours.
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
  ['/bin/rm -rf x', 'bypass'],
  ['/usr/bin/rm -rf x', 'bypass'],
  ['./rm -rf x', 'bypass'],
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
  ['time rm x', 'bypass'],
  ['time -p rm x', 'bypass'],
  ['coproc rm x', 'bypass'],
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
  ['command rm x', 'bypass'],
  ['command -p rm x', 'bypass'],
  ['builtin rm x', 'bypass'],
  ['exec rm x', 'bypass'],
  ['exec -a name rm x', 'bypass'],
  ['env rm x', 'bypass'],
  ['env -i PATH=/bin rm x', 'bypass'],
  ['env -u HOME rm x', 'bypass'],
  ['env A=1 rm x', 'bypass'],
  ['nice rm x', 'bypass'],
  ['nice -n 5 rm x', 'bypass'],
  ['nohup rm x', 'bypass'],
  ['timeout 5 rm x', 'bypass'],
  ['timeout -s KILL 5 rm x', 'bypass'],
  ['stdbuf -o L rm x', 'bypass'],
  ['sudo rm x', 'bypass'],
  ['sudo -u root rm x', 'bypass'],
  ['doas rm x', 'bypass'],
  ['xargs rm', 'match'],
  ['sudo env A=1 nice -n 2 rm x', 'bypass'],
  ['busybox rm x', 'bypass'],
  ['setsid rm x', 'bypass'],
  // nested scripts
  ['sh -c "rm -rf x"', 'bypass'],
  ["bash -c 'rm -rf x'", 'bypass'],
  ["bash -lc 'cd /; rm -rf x'", 'bypass'],
  ["bash -e -c 'rm x'", 'bypass'],
  ["zsh -c 'rm x'", 'bypass'],
  ["/bin/sh -c 'rm x'", 'bypass'],
  ["env bash -c 'rm x'", 'bypass'],
  ["sudo sh -c 'rm x'", 'bypass'],
  ['eval "rm -rf x"', 'bypass'],
  ['eval rm -rf x', 'bypass'],
  ['bash -c \'bash -c "rm x"\'', 'bypass'],
  // undecidable: the hook runs, with a warning
  ['$CMD -rf x', 'warn'],
  ['${CMD} -rf x', 'warn'],
  ['"$CMD" -rf x', 'warn'],
  ['$(echo rm) -rf x', 'warn'],
  ['`echo rm` -rf x', 'warn'],
  ['r? -rf x', 'bypass'],
  ['/bin/r* -rf x', 'bypass'],
  ['{rm,} -rf x', 'warn'],
  ['[r]m -rf x', 'warn'],
  ["$'\\c' -rf x", 'warn'],
  ['eval "$CMD"', 'warn'],
  ['bash -c "$SCRIPT"', 'warn'],
  ['xargs -n1 rm', 'bypass'],
  ['xargs -I{} rm {}', 'bypass'],
  ['strace -f rm x', 'bypass'],
  ['flock /tmp/l rm x', 'bypass'],
  ['ionice -c 3 rm x', 'bypass'],
  ['env -S "rm x"', 'bypass'],
  ['echo "unterminated', 'warn'],
  ["echo 'unterminated", 'bypass'],
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
  // Claude Code runs an `if` hook for any line with a `case` command.
  ['case rm in rm) echo;; esac', 'warn'],
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
    ['Bash(git push *)', "bash -c 'git push origin main'", 'bypass'],
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
    expect(verdict('Bash(rm *)', 'xargs '.repeat(30_000))).toBe('bypass');
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
    expect(harmless.warnings).toEqual([]);
  });

  it('hookctl dry-run shows the guard skipped for `bash -c`, with the bypass warning', async () => {
    const box = makeClaudeSandbox();
    const guard = command("echo 'no rm' >&2; exit 2", { if: 'Bash(rm *)' });
    box.settings('etc/claude-code/managed-settings.json', hooks({ PreToolUse: [group([guard], 'Bash')] }));
    const flags = sandboxFlags(box, 'claude', box.managed);
    const result = await runCli(['dry-run', 'PreToolUse', '--tool', 'Bash', '--set', `tool_input.command="bash -c 'rm -rf x'"`, ...flags]);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('no rm');
    expect(result.stdout).toContain(
      'the command runs through bash -c: Claude Code does not run this hook for this form, so it did not run',
    );
  });

  it('through a dispatch: `sudo rm` is not guarded, as in Claude Code, and the dispatch says the guard is bypassed', async () => {
    const box = makeClaudeSandbox();
    const guard = command("echo 'no rm' >&2; exit 2", { if: 'Bash(rm *)' });
    box.settings('etc/claude-code/managed-settings.json', hooks({ PreToolUse: [group([guard], 'Bash')] }));
    const outcome = await dispatchOnce(box, 'PreToolUse', { tool_input: { command: 'sudo rm -rf x' } });
    expect(outcome).toMatchObject({ decision: null, runs: [] });
    expect(outcome.warnings.join('\n')).toMatch(
      new RegExp(
        'Bash\\(rm \\*\\) does not match the command as written, but the command runs through sudo: ' +
          'Claude Code does not run this hook for this form, so it did not run; a guard on this rule is bypassed by this form',
      ),
    );
  });
});
