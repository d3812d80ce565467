import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import type { CompiledCondition, ConditionVerdict } from '../../kit/index.js';
import { re2 } from '../../config/re2.js';
import { IF_EVENTS } from './events.js';
import { bashCommands, MAX_DEPTH, parseBash, type SimpleCommand, type Word } from './bash-commands.js';
import { splitSubcommands } from './shell-words.js';

/**
 * The `if` field of a claude handler (SPEC-dialects 8.3; cc hooks §Common fields, "Bash `if`
 * matching"; cc perm §Tool-specific permission rules): one permission rule, `Tool` or
 * `Tool(pattern)`, tested against the tool call. It is part of selection: a handler whose `if`
 * does not match is not selected. It decides as Claude Code 2.1.328 does (the binary is the
 * reference: test/agents/claude/tables.test.ts), including where Claude skips a form that runs the
 * command (`sudo rm`); there the dispatch says so, as a guard on the rule is bypassed by that form.
 */

export interface ConditionScope {
  /** The event the handler is declared for; on non-tool events a handler with `if` never runs. */
  event: string;
  /** The directory `/path` patterns anchor at: the settings file's scope root (cc perm, Read and Edit). */
  anchor: string;
  cwd: string;
  home: string;
}

type Verdict = ConditionVerdict;

/**
 * The forms that run the command a `Bash(…)` rule names while Claude Code does not run the hook:
 * it tests the command words as written, so a wrapper, a path, `-c` or `eval` hides the command.
 * Null for a rule that names no command (`Bash`, `Bash(*)`, a parameter rule, another tool).
 */
export function ifBypasses(rule: string): readonly string[] | null {
  const parsed = /^\s*Bash\s*\(([\s\S]*)\)\s*$/.exec(rule);
  if (!parsed) return null;
  let pattern = parsed[1]!.trim();
  if (/^[A-Za-z_][A-Za-z0-9_]*\s*:/.test(pattern) && !pattern.endsWith(':*')) return null;
  if (pattern.endsWith(':*')) pattern = `${pattern.slice(0, -2)} *`;
  const named = pattern.replace(/\s*\*$/, '').trim();
  const word = /^[^\s*]+/.exec(named)?.[0];
  // Only a plain command name: with a path or a glob in it the rule is not a fixed command.
  if (word === undefined || !/^[A-Za-z0-9_.+-]+$/.test(word)) return null;
  const line = `${named} …`;
  return [`sudo ${line}`, `/usr/bin/${line}`, `env ${line}`, `bash -c '${line}'`, `eval "${line}"`];
}

/** Compiles an `if` rule once per load. */
export function compileCondition(rule: string, scope: ConditionScope): CompiledCondition {
  // The scope is the condition's whole input besides the rule: hookctl run's config cache keeps it.
  return { ...conditionTest(rule, scope), data: { event: scope.event, anchor: scope.anchor, cwd: scope.cwd, home: scope.home } };
}

/** A condition rebuilt from the config cache (Dialect.reviveCondition); a scope of the wrong shape throws. */
export function reviveCondition(rule: string, data: unknown): CompiledCondition {
  const scope = data as Partial<Record<keyof ConditionScope, unknown>> | null;
  const fields = [scope?.event, scope?.anchor, scope?.cwd, scope?.home];
  if (!fields.every((field) => typeof field === 'string')) throw new TypeError('cached `if` condition without its scope');
  return compileCondition(rule, scope as ConditionScope);
}

function conditionTest(rule: string, scope: ConditionScope): CompiledCondition {
  if (!IF_EVENTS.has(scope.event)) {
    // cc hooks §Common fields: "On other events, a hook with `if` set never runs."
    return { source: rule, test: () => false };
  }
  const parsed = /^\s*([^()\s]+)\s*(?:\(([\s\S]*)\))?\s*$/.exec(rule);
  if (!parsed) return { source: rule, test: () => `cannot read the \`if\` rule ${JSON.stringify(rule)}; running the hook anyway` };
  const toolPattern = parsed[1]!;
  const content = parsed[2];
  const toolMatches = toolNameMatcher(toolPattern);
  const contentTest = content === undefined || content.trim() === '*' ? null : contentMatcher(toolPattern, content, scope);
  return {
    source: rule,
    test: (payload) => {
      const toolName = typeof payload.tool_name === 'string' ? payload.tool_name : '';
      if (!toolMatches(toolName)) return false;
      if (contentTest === null) return true;
      const input = payload.tool_input;
      return contentTest(input !== null && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {});
    },
  };
}

/**
 * The tool-name part: an exact name, a glob that must match the whole name (`mcp__*`), or a bare
 * MCP server (`mcp__memory` covers every tool of that server, cc perm §MCP).
 */
function toolNameMatcher(pattern: string): (name: string) => boolean {
  if (pattern.includes('*')) {
    const regex = globToRegex(pattern);
    return (name) => regex.test(name);
  }
  if (/^mcp__[^_]+(?:_[^_]+)*$/.test(pattern) && !pattern.slice(5).includes('__')) {
    return (name) => name === pattern || name.startsWith(`${pattern}__`);
  }
  return (name) => name === pattern;
}

/** A pattern compiled for the linear-time engine: the globs come from repository files (SPEC §6.1). */
interface Tester {
  test(text: string): boolean;
}

function linear(re2Pattern: string): Tester {
  return re2().RE2JS.compile(re2Pattern);
}

/** Text as RE2 literals: letters and digits as they are, everything else as `\x{…}`. */
function literalText(text: string): string {
  let out = '';
  for (const char of text) out += /^[A-Za-z0-9_]$/.test(char) ? char : `\\x{${char.codePointAt(0)!.toString(16)}}`;
  return out;
}

/** `*` any text (`(?s:.*)`); every other character literal; the whole text must match. */
function globBody(glob: string): string {
  return glob.split('*').map(literalText).join('(?s:.*)');
}

function globToRegex(glob: string): Tester {
  return linear(`^${globBody(glob)}$`);
}

/** The test of the parenthesised part, by tool. */
function contentMatcher(tool: string, content: string, scope: ConditionScope): (input: Record<string, unknown>) => Verdict {
  const param = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([\s\S]*)$/.exec(content);
  if (tool === 'Bash' || tool === 'PowerShell') {
    // `Bash(ls:*)` is the trailing-wildcard form; `Bash(run_in_background:true)` names a parameter.
    if (param && !content.trimEnd().endsWith(':*') && param[1] !== 'command') return parameterMatcher(param[1]!, param[2]!);
    return commandMatcher(content, tool === 'PowerShell' ? 'powershell' : 'bash');
  }
  if (tool === 'Read' || tool === 'Edit' || tool === 'Write') {
    const match = pathMatcher(content, scope);
    return (input) => (typeof input.file_path === 'string' ? match(input.file_path) : false);
  }
  if (tool === 'WebFetch' && param?.[1] === 'domain') return domainMatcher(param[2]!.trim());
  if (param) return parameterMatcher(param[1]!, param[2]!);
  return () => `the \`if\` rule ${tool}(${content}) is not one hookctl can evaluate; running the hook anyway`;
}

/**
 * `Tool(name:value)`: a direct field of the tool input, compared as written with `*` as a wildcard
 * (cc perm §Tool-specific permission rules); a field the call leaves out never matches.
 */
function parameterMatcher(name: string, value: string): (input: Record<string, unknown>) => Verdict {
  const regex = globToRegex(value.trim());
  return (input) => {
    if (!Object.hasOwn(input, name)) return false;
    const actual = input[name];
    return regex.test(typeof actual === 'string' ? actual : JSON.stringify(actual));
  };
}

/** Wrappers Claude strips before matching a command (cc perm §Wrappers); each runs its arguments as the command. */
const WRAPPERS = new Set(['time', 'nice', 'nohup', 'stdbuf', 'command', 'builtin', 'noglob', 'timeout', 'xargs']);

/**
 * `PowerShell(pattern)` and `Bash(pattern)`: the pattern is tested against every simple command the
 * line runs, each without leading `VAR=value` words and wrappers. A trailing ` *` (or `:*`) also
 * matches the bare command. It runs anyway (with a warning) when the command cannot be parsed, when
 * a command word is only known at run time, when a wrapper's options cannot be read but a later
 * word would match, and when the pattern names more than a command and the line expands
 * something (`$(`, a backtick, `$VAR`).
 */
function commandMatcher(content: string, shell: 'bash' | 'powershell'): (input: Record<string, unknown>) => Verdict {
  let pattern = content.trim();
  if (pattern.endsWith(':*')) pattern = `${pattern.slice(0, -2)} *`;
  const wordBoundary = pattern.endsWith(' *');
  const full = wordBoundary ? linear(`^${globBody(pattern.slice(0, -2))}(?s: .*)?$`) : globToRegex(pattern);
  // The literal text before the first `*` must start the command: a cheap test that spares the
  // regex almost every word a long command line offers (the wrapper scan tries many).
  const prefix = (wordBoundary ? pattern.slice(0, -2) : pattern).split('*')[0]!;
  const regex: Tester = { test: (text) => text.startsWith(prefix) && full.test(text) };
  const fixed = pattern.replace(/\s*\*$/, '');
  const namesMoreThanCommand = /\s/.test(fixed.trim()) || fixed.includes('*');
  const rule = `${shell === 'bash' ? 'Bash' : 'PowerShell'}(${content})`;
  return (input) => {
    const command = typeof input.command === 'string' ? input.command : null;
    if (command === null) return false;
    if (shell === 'bash') return bashVerdict(command, regex, namesMoreThanCommand, rule);
    const split = splitSubcommands(command, shell);
    if (split === null) return `could not parse the command for the \`if\` rule ${rule}; running the hook anyway`;
    if (split.some((sub) => regex.test(strip(sub)))) return true;
    if (namesMoreThanCommand && split.dynamic) {
      return `the command has $(…), a backtick or $VAR, so the \`if\` rule ${rule} cannot be decided; running the hook anyway`;
    }
    return false;
  };
}

/** A subcommand without leading `VAR=value` assignments and wrappers (`timeout 30`, `nice -n 5`, bare `xargs`). */
function strip(subcommand: string): string {
  let words = subcommand.trim().split(/\s+/);
  for (;;) {
    const first = words[0];
    if (first === undefined) break;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(first)) words = words.slice(1);
    else if (WRAPPERS.has(first)) {
      let rest = words.slice(1);
      // `xargs` is stripped only without flags; `command -v` looks a command up instead of running it.
      if ((first === 'xargs' || first === 'command') && rest[0]?.startsWith('-')) break;
      while (rest[0]?.startsWith('-')) rest = rest.slice(first === 'nice' && rest[0] === '-n' ? 2 : 1);
      if (first === 'timeout' && rest[0] !== undefined && /^\d/.test(rest[0])) rest = rest.slice(1);
      words = rest;
    } else break;
  }
  return words.join(' ');
}

/**
 * A judgement of one simple command by hookctl's wider reading — through wrappers, paths, `eval`
 * and `-c` scripts: it matches, it does not, it cannot be told (the reason), or it matches only
 * through a form Claude Code does not follow. It never selects a handler (Claude's reading does,
 * claudeJudge); it finds the forms a guard on the rule is bypassed by, for the warning.
 */
type Judgement = true | false | { undecided: string } | { agentSkips: string };

/** A match found through `how` is one Claude Code does not see. */
const through = (judgement: Judgement, how: string): Judgement =>
  judgement === true ? { agentSkips: `the command runs through ${how}` } : judgement;

const BYPASS = 'a guard on this rule is bypassed by this form: match the command in the hook script instead';

/**
 * `Bash(pattern)` as Claude Code 2.1.328 reads it (bash-commands.ts finds the simple commands; each
 * is tested as written, without leading `VAR=value` words and a bare `xargs`): any that matches
 * selects the handler; a line Claude cannot check before it runs (a command word only known then,
 * `${…}`, a quoted expansion, `case`, an unparsable line) selects it with a warning, as Claude runs
 * the hook. Where Claude does not run it but the command may still run a match (`sudo rm`,
 * `/bin/rm`, `bash -c 'rm …'`, `eval`, an unterminated single quote), the handler is not selected
 * and the dispatch says so.
 */
function bashVerdict(command: string, regex: Tester, namesMoreThanCommand: boolean, rule: string): Verdict {
  const parsed = parseBash(command);
  if ('unparsable' in parsed) {
    if (parsed.unparsable === 'single-quote') {
      return {
        unselected:
          `the \`if\` rule ${rule} was not tested: the command has an unterminated single quote, and Claude Code does not ` +
          `run this hook for this form (a command it cannot parse), so it did not run; ${BYPASS}`,
      };
    }
    return `could not parse the command for the \`if\` rule ${rule}; running the hook anyway, as Claude Code does`;
  }
  let open: string | null = null;
  for (const simple of parsed.commands) {
    const judgement = claudeJudge(simple, regex);
    if (judgement === true) return true;
    if (judgement !== false) open ??= judgement;
  }
  // cc hooks, Bash `if` matching table: a pattern naming more than a command runs on `$(`, a backtick or `$VAR`.
  if (open === null && namesMoreThanCommand && parsed.commands.some((simple) => simple.some((word) => word.dynamic && !word.globOnly))) {
    open = 'the command has $(…), a backtick or $VAR';
  }
  if (open !== null) return `${open}, so the \`if\` rule ${rule} cannot be decided; running the hook anyway, as Claude Code does`;
  const wider = widerReading(parsed.commands, regex);
  if (wider === null) return false;
  return {
    unselected:
      `the \`if\` rule ${rule} does not match the command as written, but ${wider}: Claude Code does not run this hook ` +
      `for this form, so it did not run; ${BYPASS}`,
  };
}

/** One simple command as Claude Code tests it: true, false, or why it runs the hook undecided. */
function claudeJudge(words: SimpleCommand, regex: Tester): boolean | string {
  let start = 0;
  for (;;) {
    const word = words[start];
    if (word !== undefined && ASSIGNMENT.test(word.text)) start++;
    // A bare `xargs` is the one wrapper Claude Code strips for `if` (with an option it is the command).
    else if (word?.text === 'xargs' && !word.dynamic && words[start + 1]?.text.startsWith('-') === false) start++;
    else break;
  }
  const rest = words.slice(start);
  if (rest.length > 0 && regex.test(textOf(rest))) return true;
  const opaque = words.find((word) => word.opaque !== undefined);
  if (opaque !== undefined) return `the command holds ${opaque.opaque}, which Claude Code cannot check before it runs`;
  const head = rest[0];
  if (head === undefined) return false;
  if (head.dynamic && !head.globOnly) return `the command word ${JSON.stringify(head.text)} is only known at run time`;
  return nestedScriptUnknown(head.text, rest.slice(1)) ? `${head.text} runs a script only known at run time` : false;
}

/** `eval "$X"`, `bash -c "$X"`: a script Claude Code cannot read, so it runs the hook. */
function nestedScriptUnknown(name: string, args: readonly Word[]): boolean {
  const unknown = (word: Word | undefined) => word?.dynamic === true && !word.globOnly;
  if (name === 'eval') return args.some(unknown);
  if (!SHELLS.has(name)) return false;
  const option = args.findIndex((word) => !/^[-+]/.test(word.text));
  const options = option < 0 ? args : args.slice(0, option);
  return options.some((word) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(word.text)) && unknown(args[options.length]);
}

/** What hookctl's wider reading finds the line may run that matches, or null when nothing. */
function widerReading(commands: readonly SimpleCommand[], regex: Tester): string | null {
  let undecided: string | null = null;
  for (const simple of commands) {
    const judgement = judge(simple, regex, 0);
    if (judgement === true) return 'the command runs a match';
    if (judgement === false) continue;
    if ('agentSkips' in judgement) return judgement.agentSkips;
    undecided ??= judgement.undecided;
  }
  return undecided;
}

/** Shells whose `-c SCRIPT` runs SCRIPT: it is parsed and judged like the line itself. */
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'mksh', 'ash', 'hush', 'rbash', 'fish', 'csh', 'tcsh']);
/**
 * Commands that run their arguments as a command (cc perm §Wrappers, and what Claude Code 2.1.328
 * lists as wrappers and process launchers). Those whose options hookctl reads are stripped exactly;
 * for the rest any later word that would match leaves the verdict undecided.
 */
const RUNS_ITS_ARGUMENTS = new Set([
  ...WRAPPERS,
  'coproc',
  'exec',
  'env',
  'sudo',
  'doas',
  'busybox',
  'setsid',
  'ionice',
  'chrt',
  'taskset',
  'strace',
  'ltrace',
  'flock',
  'unshare',
  'nsenter',
  'watch',
  'script',
  'pkexec',
  'runuser',
  'su',
  'caffeinate',
  'sandbox-exec',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;
/** Words after a wrapper that are looked at for a hidden command (a bound on the work per command). */
const SUFFIX_SCAN = 32;

function judge(words: readonly Word[], regex: Tester, depth: number): Judgement {
  if (depth > MAX_DEPTH) return { undecided: 'wrappers nest too deep' };
  let start = 0;
  while (start < words.length && ASSIGNMENT.test(words[start]!.text)) start++;
  const rest = words.slice(start);
  const head = rest[0];
  if (head === undefined) return false;
  if (head.dynamic) return { undecided: `the command word ${JSON.stringify(head.text)} is only known at run time` };
  const name = head.text.slice(head.text.lastIndexOf('/') + 1);
  const args = rest.slice(1);
  // Tested as written and by its base name: `/bin/rm -rf x` runs rm.
  const text = textOf(rest);
  if (regex.test(text)) return true;
  if (name !== head.text && regex.test(name + text.slice(head.text.length)))
    return { agentSkips: `the command word ${head.text} is read by its base name` };
  if ((name === 'command' || name === 'builtin' || name === 'type') && /^-[vV]+$/.test(args[0]?.text ?? '')) return false;
  if (name === 'eval') return through(script(args, regex, depth), 'eval');
  if (SHELLS.has(name)) return through(shellScript(args, regex, depth), `${name} -c`);
  if (!RUNS_ITS_ARGUMENTS.has(name)) return false;
  const stripped = wrapped(name, args);
  if (stripped !== null) {
    // Bare `xargs` is the one wrapper Claude strips for `if`.
    const inner = judge(stripped, regex, depth + 1);
    if (inner !== false) return name === 'xargs' ? inner : through(inner, name);
  }
  // Options this reader does not know may hide the command: any later word that would match leaves it open.
  // Each suffix is a slice of the joined text (no copy per word tried).
  let offset = head.text.length + 1;
  for (let at = 0; at < Math.min(args.length, SUFFIX_SCAN); at++) {
    const word = args[at]!;
    const tried = stripped !== null && args.length - at === stripped.length;
    if (!tried && (word.dynamic || regex.test(text.slice(offset)))) {
      return { undecided: `${name}'s options could not be read and a later word may be the command` };
    }
    offset += word.text.length + 1;
  }
  return false;
}

function textOf(words: readonly Word[]): string {
  return words.map((word) => word.text).join(' ');
}

/** `eval ARGS`: the arguments joined are a script. */
function script(args: readonly Word[], regex: Tester, depth: number): Judgement {
  if (args.some((word) => word.dynamic)) return { undecided: 'eval runs text only known at run time' };
  return judgeScript(textOf(args), regex, depth);
}

/** `bash [options] -c SCRIPT …`: SCRIPT is the first operand after the options. */
function shellScript(args: readonly Word[], regex: Tester, depth: number): Judgement {
  let index = 0;
  let commandMode = false;
  while (index < args.length && /^[-+]/.test(args[index]!.text) && args[index]!.text !== '--' && args[index]!.text !== '-') {
    const option = args[index]!.text;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(option)) commandMode = true;
    // `-o NAME` and `-O NAME` take an argument.
    if (option === '-o' || option === '+o' || option === '-O' || option === '+O') index++;
    index++;
  }
  if (args[index]?.text === '--') index++;
  if (!commandMode) return false;
  const body = args[index];
  if (body === undefined) return false;
  if (body.dynamic) return { undecided: 'the shell runs a -c script only known at run time' };
  return judgeScript(body.text, regex, depth);
}

function judgeScript(text: string, regex: Tester, depth: number): Judgement {
  const commands = bashCommands(text, depth + 1);
  if (commands === null) return { undecided: 'a nested script could not be parsed' };
  let open: Judgement = false;
  for (const simple of commands) {
    const judgement = judge(simple, regex, depth + 1);
    if (judgement === true) return true;
    // A match the agent skips outweighs one that cannot be told: both run the hook.
    if (judgement !== false && (open === false || 'agentSkips' in judgement)) open = judgement;
  }
  return open;
}

/** The command a wrapper runs, when its options are ones hookctl reads; null when unsure. */
function wrapped(name: string, args: readonly Word[]): readonly Word[] | null {
  const options = (withArgument: readonly string[], flags: RegExp = /^-/): readonly Word[] | null => {
    let index = 0;
    while (index < args.length && flags.test(args[index]!.text)) {
      const option = args[index]!.text;
      if (args[index]!.dynamic) return null;
      index++;
      if (option === '--') break;
      if (withArgument.includes(option)) index++;
    }
    return args.slice(index);
  };
  switch (name) {
    case 'time':
    case 'coproc':
    case 'nohup':
    case 'noglob':
    case 'builtin':
    case 'busybox':
    case 'setsid':
      return options([]);
    case 'command':
      return options([]);
    case 'exec':
      return options(['-a']);
    case 'nice':
      return options(['-n']);
    case 'stdbuf':
      return options(['-i', '-o', '-e']);
    case 'timeout': {
      const rest = options(['-s', '-k']);
      return rest === null || rest[0] === undefined || !/^\d/.test(rest[0].text) ? null : rest.slice(1);
    }
    case 'xargs':
      // As Claude: stripped only without options (an option may take an argument that looks like the command).
      return args[0]?.text.startsWith('-') ? null : args;
    case 'env': {
      const rest = options(['-u', '-C', '--unset', '--chdir']);
      if (rest === null || args.some((word) => /^-[a-zA-Z]*S|^--split-string/.test(word.text))) return null;
      let index = 0;
      while (index < rest.length && ASSIGNMENT.test(rest[index]!.text)) index++;
      return rest.slice(index);
    }
    case 'sudo':
    case 'doas':
      return options(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-U', '-T']);
    default:
      return null;
  }
}

/**
 * `Read(p)`, `Edit(p)`, `Write(p)` (cc perm §Read and Edit): gitignore-style globs on
 * `tool_input.file_path`. `//p` is absolute, `~/p` under the home, `/p` under the settings file's
 * scope root, anything else under the cwd; a pattern without a `/` (a bare file name) matches at
 * any depth below its anchor; `*` stays within a segment and `**` crosses them.
 */
function pathMatcher(content: string, scope: ConditionScope): (path: string) => boolean {
  let pattern = content.trim();
  let anchor: string;
  if (pattern.startsWith('//')) {
    anchor = '/';
    pattern = pattern.slice(2);
  } else if (pattern.startsWith('~/')) {
    anchor = scope.home;
    pattern = pattern.slice(2);
  } else if (pattern.startsWith('/')) {
    anchor = scope.anchor;
    pattern = pattern.slice(1);
  } else {
    anchor = scope.cwd;
    if (pattern.startsWith('./')) pattern = pattern.slice(2);
  }
  if (!pattern.includes('/')) pattern = `**/${pattern}`;
  const regex = pathGlob(pattern);
  return (path) => {
    const absolute = isAbsolute(path) ? normalize(path) : join(scope.cwd, path);
    const rel = relative(anchor, absolute);
    if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return false;
    return regex.test(rel.split(sep).join('/'));
  };
}

/** A gitignore-style path glob: `**` any number of segments, `*` and `?` within one. */
function pathGlob(pattern: string): Tester {
  let out = '';
  const parts = pattern.split('/');
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (part === '**') {
      out += last ? '(?s:.*)' : '(?:[^/]+/)*';
      return;
    }
    const segment = part
      .split('*')
      .map((piece) => piece.split('?').map(literalText).join('[^/]'))
      .join('[^/]*');
    out += segment + (last ? '' : '/');
  });
  return linear(`^${out}$`);
}

/**
 * `WebFetch(domain:host)` (cc perm §WebFetch): the URL's host name, case-insensitively and without
 * a trailing dot; a leading `*.` matches any subdomain depth, any other `*` one label.
 */
function domainMatcher(domain: string): (input: Record<string, unknown>) => Verdict {
  const rule = domain.toLowerCase().replace(/\.$/, '');
  let regex: Tester;
  if (rule === '*') regex = { test: () => true };
  else {
    const anySub = rule.startsWith('*.');
    const body = (anySub ? rule.slice(2) : rule).split('*').map(literalText).join('[^.]*');
    regex = linear(`^${anySub ? '(?:[^.]+\\.)+' : ''}${body}$`);
  }
  return (input) => {
    if (typeof input.url !== 'string') return false;
    try {
      return regex.test(new URL(input.url).hostname.toLowerCase().replace(/\.$/, ''));
    } catch {
      return false;
    }
  };
}
