import { existsSync } from 'node:fs';
import { delimiter, extname, join } from 'node:path';
import { handlerScript } from '../../config/handler-script.js';
import { readRegularFileSync, SIZE_CAPS } from '../../util/regular-file.js';
import { memoize } from '../memoize.js';
import { createRule } from '../rule.js';
import { handlerCommand } from '../../config/handler-command.js';

/**
 * Programs hooks call that many machines lack (a fresh macOS, a CI image, a container): none ships
 * with the OS the way sh, python3 or curl do. Where one is missing the shell says "not found" and
 * exits 127 — for the agent a non-blocking error, so a guard fails open.
 */
const PROGRAMS = ['jq', 'yq', 'bun', 'bunx', 'uv', 'uvx', 'deno'] as const;

/** A program at a command's position: a line's start, after `|`, `;`, `&`, `(`, `` ` ``, `$(`, or a keyword. */
const AT_COMMAND = new RegExp(
  `(?:^\\s*|[;&|(\`{]\\s*|\\$\\(\\s*|\\b(?:then|do|else|exec|time|!)\\s+)(${PROGRAMS.join('|')})(?=[\\s;|&)]|$)`,
  'gm',
);

/**
 * A hook that needs a program this machine may lack (issue 39): `jq` in a shell guard, `bun`, `uv`,
 * `deno`. An info note naming the program when it is on PATH here (every other machine needs it
 * too), a warning when it is not; on an event whose hook can block, what its absence leads to.
 */
export const needsProgram = createRule({
  id: 'needs-program',
  severity: 'warning',
  description:
    'a hook that needs a program many machines lack (jq, yq, bun, uv, deno): a warning when it is not on PATH, else an info note',
  atLoad: false,
  messages: {
    // {{where}}: empty, or " (in <script>)" when the hook's shell script calls it.
    available: 'the hook needs {{program}}{{where}}, which not every machine has (it is on PATH here); {{failure}}',
    unavailable: 'the hook needs {{program}}{{where}}, which is not on PATH here; {{failure}}',
  },
  check({ spec, checked, projectDir, env, showPath, report }) {
    // Only lint knows the machine: at load (no env) there is nothing to say.
    if (env === undefined) return;
    const dirs = (env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
    const onPath = memoize((program: string) => dirs.some((dir) => existsSync(join(dir, program))));
    const inScript = memoize(scriptPrograms);
    for (const handler of checked.declarations.handlers) {
      if (handler.group.event.spec === null) continue;
      const command = handlerCommand(spec, handler.node);
      if (command === null) continue;
      const needed = new Map<string, string>();
      for (const program of programsIn(command.text)) needed.set(program, '');
      const script = handlerScript(spec, checked.file, handler.node, projectDir);
      if (script !== null)
        for (const program of inScript(script.path)) if (!needed.has(program)) needed.set(program, ` (in ${showPath(script.path)})`);
      const event = handler.group.event.name;
      const guard = spec.lint?.projectAnchor?.exitTwo[event] !== undefined;
      // Where every failure has an effect (copilot preToolUse: a deny), a missing program is not a fail-open.
      const anyFailure = spec.lint?.projectAnchor?.anyFailure?.[event];
      for (const [program, where] of needed) {
        const failure =
          anyFailure !== undefined
            ? `without it ${program} exits 127 (command not found), and on ${event} any failure ${anyFailure}`
            : guard
              ? `without it ${program} exits 127 (command not found), which the agent takes as a non-blocking error: ` +
                `this ${event} guard fails open`
              : `without it the hook fails with 127 (command not found)`;
        const data = { program, where, failure };
        if (onPath(program)) report({ messageId: 'available', data, pos: command.pos, severity: 'info' });
        else report({ messageId: 'unavailable', data, pos: command.pos });
      }
    }
  },
});

/** The programs the text runs, but not one it checks for first (`command -v jq`, `which jq`): that code decides what its absence does. */
function programsIn(text: string): string[] {
  const found = new Set([...text.matchAll(AT_COMMAND)].map((match) => match[1]!));
  return [...found].filter((program) => !new RegExp(`\\b(?:command\\s+-v|which|type|hash)\\s+${program}\\b`).test(text));
}

/** The programs a shell script (by extension or `#!`) calls, comments aside; none for any other file. */
function scriptPrograms(path: string): string[] {
  const read = readRegularFileSync(path, SIZE_CAPS.script);
  if (!read.ok) return [];
  const text = read.bytes.toString('utf8');
  const shell = ['.sh', '.bash', '.zsh'].includes(extname(path)) || /^#!.*\b(?:sh|bash|zsh|dash)\b/.test(text);
  if (!shell) return [];
  const code = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  return programsIn(code);
}
