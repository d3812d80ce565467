import { isAbsolute, relative, resolve, sep } from 'node:path';
import { commandScripts, scriptOfWords, type CommandScript } from '../../config/command-script.js';
import type { DialectConfigSpec } from '../../config/config-spec.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { execArgs } from '../../config/handler-script.js';
import type { SourceObject, SourcePosition } from '../../config/source-tree.js';
import { createRule } from '../rule.js';
import { missingScriptExitCodes, runnerName } from '../script-failure.js';
import { commandFieldOf, handlerCommand } from '../../config/handler-command.js';

const RELATIVE = '"{{script}}" is relative to the cwd, and {{premise}} ';
/** Why the path can miss, where the dialect does not say it in its own terms (`projectAnchor.cwdPremise`). */
const FOLLOWS_CD = "the agent runs hooks in the session's cwd, which follows `cd`: from any other directory";
const ANCHOR = '; write {{anchored}}';

/**
 * The most common way a guard silently stops guarding (issue 23): `bash .claude/hooks/x.sh` works
 * until the session `cd`s into a subdirectory. Then the script is not found, and what the agent
 * makes of the exit code depends on who reads the script and on the event: 127 from a shell is a
 * non-blocking error (the guard fails open), 2 from python blocks every call (or never lets a turn
 * end). Only files of the repository (project and local layers) are checked: their scripts live
 * under the project root, which the dialect's anchor reaches from anywhere.
 */
export const cwdRelativeScript = createRule({
  id: 'cwd-relative-script',
  severity: 'error',
  description: "a command that reaches a project script by a path relative to the cwd, which breaks after the session's first cd",
  atLoad: false,
  messages: {
    failsOpen:
      `${RELATIVE}{{runner}} exits {{exit}}, a non-blocking error: ` + `this {{event}} hook silently does nothing (it fails open)${ANCHOR}`,
    blocks: `${RELATIVE}{{runner}} exits 2, which on {{event}} {{effect}}${ANCHOR}`,
    mayBlock:
      `${RELATIVE}{{runner}} exits {{exit}}, a non-blocking error (the hook silently does nothing), ` +
      `or 2 where sh is dash (Debian, Ubuntu), which on {{event}} {{effect}}${ANCHOR}`,
    fails: `${RELATIVE}{{runner}} exits {{exit}}, and on {{event}} any failure {{effect}}${ANCHOR}`,
  },
  check({ spec, checked, projectDir, report }) {
    const anchor = spec.lint?.projectAnchor;
    const source = checked.file.source;
    if (anchor === undefined || anchor.cwdPremise === null || (source !== 'project' && source !== 'local')) return;
    const premise = anchor.cwdPremise ?? FOLLOWS_CD;
    for (const handler of checked.declarations.handlers) {
      // Under an unknown event the hook never runs: unknown-event says so.
      if (handler.group.event.spec === null) continue;
      const found = relativeScript(spec, handler.node);
      if (found === null) continue;
      const event = handler.group.event.name;
      const prefix = found.execForm ? (anchor.execPrefix ?? anchor.shellPrefix) : anchor.shellPrefix;
      // The path from the anchor's root: a nested project (packages/app/.octo) is below the git root.
      const root = anchor.root === 'git' ? (findGitRoot(projectDir) ?? projectDir) : projectDir;
      const anchored = `${prefix}${relative(root, resolve(projectDir, found.script.path)).split(sep).join('/')}`;
      const base = { script: found.script.path, premise, runner: runnerName(found.script.runner), anchored };
      const codes = missingScriptExitCodes(found.script.runner);
      const exit = codes.filter((code) => code !== 2).join(' or ') || '2';
      const failure = anchor.anyFailure?.[event];
      const effect = anchor.exitTwo[event];
      if (failure !== undefined)
        report({ messageId: 'fails', data: { ...base, exit: codes.join(' or '), event, effect: failure }, pos: found.pos });
      else if (effect !== undefined && codes.length === 1 && codes[0] === 2)
        report({ messageId: 'blocks', data: { ...base, event, effect }, pos: found.pos });
      else if (effect !== undefined && codes.includes(2))
        report({ messageId: 'mayBlock', data: { ...base, exit, event, effect }, pos: found.pos });
      else report({ messageId: 'failsOpen', data: { ...base, exit: codes.join(' or '), event }, pos: found.pos });
    }
  },
});

interface RelativeScript {
  script: CommandScript;
  execForm: boolean;
  pos: SourcePosition;
}

/** The first script the command runs by a path relative to where it starts, as written. */
function relativeScript(spec: DialectConfigSpec, handler: SourceObject): RelativeScript | null {
  // Only the field the agent runs counts (copilot runs `bash`; an ignored `command` starts nothing).
  if (!Object.hasOwn(spec.handlerFields, commandFieldOf(spec))) return null;
  const command = handlerCommand(spec, handler);
  if (command === null) return null;
  const args = execArgs(spec, handler);
  let scripts: readonly CommandScript[];
  if (args !== undefined) {
    if (args.kind !== 'array') return null;
    // `node hook.js` as one program is exec-command-has-spaces' finding, not a path.
    if (/\s/.test(command.text.trim()) && !/^\S*[/\\]/.test(command.text.trim())) return null;
    const words = args.items.map((item) => (item.kind === 'scalar' && typeof item.value === 'string' ? item.value : '${?}'));
    const script = scriptOfWords([command.text, ...words]);
    scripts = script === null ? [] : [script];
  } else scripts = commandScripts(command.text).scripts;
  const script = scripts.find((candidate) => !isAbsolute(candidate.path));
  return script === undefined ? null : { script, execForm: args !== undefined, pos: command.pos };
}
