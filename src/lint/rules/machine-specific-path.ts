import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { commandScripts } from '../../config/command-script.js';
import type { ConfigFile } from '../../config/config-file.js';
import type { DialectConfigSpec } from '../../config/config-spec.js';
import { findGitRoot } from '../../config/find-project-root.js';
import { execArgs } from '../../config/handler-script.js';
import { memoize } from '../memoize.js';
import { createRule } from '../rule.js';
import { missingScriptFailure } from '../script-failure.js';
import { handlerCommand } from '../../config/handler-command.js';

const ELSEWHERE = 'on any other machine it is not there: {{failure}}';

/**
 * The most common Codex mistake seen in repositories (issue 39): a hook command that names a path
 * only the author's machine has — `/usr/bin/python3 /home/<user>/…/pre_tool_policy.py`,
 * `bash /Users/<user>/…/.codex/hooks/guard.sh`, a plugin cache path with its version
 * (`…/plugins/cache/<market>/my-plugin/0.1.0/…`). It works for its author; everywhere else python
 * exits 2 (the PreToolUse hook denies every call, a Stop hook never lets the turn end) or sh exits
 * 127 (the guard fails open). Only files that travel with a repository are checked: project-layer
 * files and plugins (a user's own settings may name their own home).
 */
export const machineSpecificPath = createRule({
  id: 'machine-specific-path',
  severity: 'error',
  description: "a committed hook command that names one machine's path: a home directory, a checkout, a versioned plugin cache",
  atLoad: false,
  messages: {
    // {{path}} as written; {{anchored}} the same file reached from the repository's or the plugin's root.
    checkout: `"{{path}}" is this {{container}} as checked out on one machine; ${ELSEWHERE}; write {{anchored}}`,
    home:
      `"{{path}}" is in {{home}}, one user's home directory; ${ELSEWHERE}; ` +
      'put the file in the {{container}} and write {{anchor}}<its path>',
    // A plugin's own hooks reaching into its install cache, whose directory names the version.
    cache:
      `"{{path}}" is a plugin's install cache, pinned to version {{version}}; ${ELSEWHERE}, and here after the next update; ` +
      'write {{anchored}}',
    // A project hook reaching into a plugin's cache: the hook belongs in the plugin.
    cacheFromProject:
      `"{{path}}" is a plugin's install cache, pinned to version {{version}}; ${ELSEWHERE}, and here after the next update; ` +
      "declare the hook in the plugin's own hooks file, or put the file in the repository and write {{anchor}}<its path>",
  },
  check({ spec, checked, projectDir, report }) {
    const file = checked.file;
    if (file.source !== 'project' && file.source !== 'plugin') return;
    const container = file.plugin ? 'plugin' : 'repository';
    const root = file.plugin?.root ?? findGitRoot(projectDir) ?? projectDir;
    const anchor = rootAnchor(spec, file, projectDir);
    const exists = memoize((relative: string) => existsSync(join(root, relative)));
    for (const handler of checked.declarations.handlers) {
      if (handler.group.event.spec === null) continue;
      const command = handlerCommand(spec, handler.node);
      if (command === null) continue;
      const args = execArgs(spec, handler.node);
      const words =
        args?.kind === 'array'
          ? [command.text, ...args.items.flatMap((item) => (item.kind === 'scalar' && typeof item.value === 'string' ? [item.value] : []))]
          : shellWords(command.text);
      const runners = args?.kind === 'array' ? new Map<string, string | null>() : scriptRunners(command.text);
      const event = handler.group.event.name;
      for (const path of words.filter(isAbsolutePath)) {
        const failure = missingScriptFailure(spec, event, runners.has(path) ? runners.get(path)! : null);
        const segments = path.split(/[\\/]/).filter((segment) => segment !== '');
        const pos = command.pos;
        const cache = cacheVersion(segments);
        if (cache !== null) {
          const inside = segments.slice(cache + 1).join('/');
          const version = segments[cache]!;
          if (file.plugin) report({ messageId: 'cache', data: { path, version, failure, anchored: `${anchor}${inside}` }, pos });
          else report({ messageId: 'cacheFromProject', data: { path, version, failure, anchor }, pos });
          break;
        }
        const suffix = repositorySuffix(segments, exists);
        if (suffix !== null) {
          report({ messageId: 'checkout', data: { path, container, failure, anchored: `${anchor}${suffix}` }, pos });
          break;
        }
        const home = homeDirectory(path);
        if (home !== null) {
          report({ messageId: 'home', data: { path, home, failure, container, anchor }, pos });
          break;
        }
      }
    }
  },
});

function isAbsolutePath(word: string): boolean {
  return word.startsWith('/') || /^[A-Za-z]:[\\/]/.test(word);
}

/** The command's words with quotes removed, split where the shell splits (a `--flag=` prefix dropped). */
function shellWords(command: string): string[] {
  return command
    .replace(/["'`]/g, '')
    .split(/[\s;&|()<>]+/)
    .map((word) => word.replace(/^-[\w-]*=/, ''))
    .filter((word) => word !== '');
}

/** Each script the command runs, by its path as written, with the program that reads it. */
function scriptRunners(command: string): Map<string, string | null> {
  return new Map(commandScripts(command).scripts.map((script) => [script.path, script.runner]));
}

/** The home directory a path is in (`/home/alice`, `/Users/alice`, `C:\Users\alice`, `/root`), or null. */
function homeDirectory(path: string): string | null {
  const unix = /^(\/(?:home|Users|var\/home)\/[^/]+)\//.exec(path);
  // Homebrew on Linux installs into /home/linuxbrew on every machine; /Users/Shared is no one's home.
  if (unix !== null) return /^\/(?:home\/linuxbrew|Users\/Shared)$/.test(unix[1]!) ? null : unix[1]!;
  if (path.startsWith('/root/')) return '/root';
  const windows = /^([A-Za-z]:[\\/]Users[\\/][^\\/]+)[\\/]/.exec(path);
  return windows === null ? null : windows[1]!;
}

const VERSION = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/** The index of a version directory below a `cache` directory (`plugins/cache/<market>/<plugin>/0.1.0/…`), or null. */
function cacheVersion(segments: readonly string[]): number | null {
  const cache = segments.findIndex((segment) => segment === 'cache' || segment === '.cache');
  if (cache < 0) return null;
  const version = segments.findIndex((segment, index) => index > cache && VERSION.test(segment));
  return version < 0 || version === segments.length - 1 ? null : version;
}

/**
 * The longest tail of the path (two segments at least, so `bin/python3` alone is not taken for the
 * repository's own) that names a file of this repository or plugin: the path is another machine's
 * checkout of it, or this machine's, which no other machine has at that place.
 */
function repositorySuffix(segments: readonly string[], exists: (relative: string) => boolean): string | null {
  for (let start = 1; start <= segments.length - 2; start++) {
    const tail = segments.slice(start).join('/');
    if (exists(tail)) return tail;
  }
  return null;
}

/** How a command reaches the repository's root (the dialect's anchor) or the plugin's (its root variable). */
function rootAnchor(spec: DialectConfigSpec, file: ConfigFile, projectDir: string): string {
  if (file.plugin) {
    const root = file.plugin.root;
    const variables = spec.lint?.pathVariables?.(file, projectDir) ?? {};
    const declared = spec.lint?.hookVariables?.plugin ?? [];
    // The dialect's plugin variables first (a plugin linted at its own root is the project dir too),
    // else the last path variable that holds the root (gemini's extensionPath, set after the project's).
    const name =
      declared.find((key) => variables[key] === root) ??
      declared[0] ??
      Object.keys(variables).findLast((key) => variables[key] === root) ??
      'PLUGIN_ROOT';
    return `"\${${name}}"/`;
  }
  return spec.lint?.projectAnchor?.shellPrefix ?? '';
}
