import type { ConfigFile } from '../../../config/config-file.js';
import type { DialectConfigSpec } from '../../../config/config-spec.js';
import { handlerCommand } from '../../../config/handler-command.js';
import { handlerScript } from '../../../config/handler-script.js';
import type { SourceObject, SourcePosition } from '../../../config/source-tree.js';
import { readRegularFileSync, SIZE_CAPS } from '../../../util/regular-file.js';

/** Code a hook runs: its command as written, or the text of the script the command runs. */
export interface HookCode {
  text: string;
  /** The command's value in the config file: where a finding about either is placed. */
  pos: SourcePosition;
  /** The script, absolute, when the text is one's; null for the command itself. */
  script: string | null;
}

/**
 * What lint can read of a copilot hook's code: its `bash` command and the script it runs, when that
 * is a regular file within the size cap (a missing or unreadable one is another rule's finding).
 */
export function hookCode(spec: DialectConfigSpec, file: ConfigFile, handler: SourceObject, projectDir: string): HookCode[] {
  const command = handlerCommand(spec, handler);
  if (command === null) return [];
  const code: HookCode[] = [{ text: command.text, pos: command.pos, script: null }];
  const script = handlerScript(spec, file, handler, projectDir);
  if (script === null) return code;
  const read = readRegularFileSync(script.path, SIZE_CAPS.script);
  if (read.ok) code.push({ text: read.bytes.toString('utf8'), pos: command.pos, script: script.path });
  return code;
}

/** The 1-based line of `index` in `text`. */
export function lineAt(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** ` (in <script> line N)` for a finding in a script, `` for one in the command. */
export function whereIn(code: HookCode, index: number, showPath: (path: string) => string): string {
  return code.script === null ? '' : ` (in ${showPath(code.script)} line ${lineAt(code.text, index)})`;
}
