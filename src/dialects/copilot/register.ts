import type { RegisterEdit, RegistrationEntry } from '../../kit/index.js';
import { registerInGroupsJson } from '../../scaffold/register-json.js';
import { isPlainObject } from '../../util/is-plain-object.js';

/**
 * `scaffold --register` for Copilot CLI: the entry's command goes in `bash` (Copilot reads `bash` and
 * `powershell`, never `command`), with a `powershell` twin when the command runs its script through
 * an interpreter PowerShell has too. A new file gets `"version": 1`. The shared JSON editor inserts
 * the matcher group; an entry whose `bash` is already registered for the event is left alone.
 */
export function registerCopilotHook(text: string | null, file: string, entry: RegistrationEntry): RegisterEdit {
  const handler = { type: 'command', bash: entry.command, ...powershellOf(entry.command), ...entry.fields };
  const group = { ...(entry.matcher === null ? {} : { matcher: entry.matcher }), hooks: [handler] };
  if (text === null) return { status: 'created', text: `${JSON.stringify({ version: 1, hooks: { [entry.event]: [group] } }, null, 2)}\n` };
  if (registeredCommands(text, entry.event).includes(entry.command)) return { status: 'already-registered', text };
  return registerInGroupsJson(text, file, { ...entry, handler }, { writeId: false, strict: false });
}

/**
 * `python3 "$COPILOT_PROJECT_DIR"/x.py` → `python3 "$env:COPILOT_PROJECT_DIR/x.py"`. A shell script
 * (`sh …`) has no PowerShell form: none is written.
 */
function powershellOf(command: string): { powershell?: string } {
  const match = /^((?:[\w.-]+ )+)"\$COPILOT_PROJECT_DIR"\/(\S+)$/.exec(command);
  if (match === null || /^(?:sh|bash) /.test(command)) return {};
  return { powershell: `${match[1]}"$env:COPILOT_PROJECT_DIR/${match[2]}"` };
}

/** The `bash` commands already registered for the event, as hooks or in matcher groups; unreadable text: none. */
function registeredCommands(text: string, event: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const entries = isPlainObject(parsed) && isPlainObject(parsed.hooks) ? parsed.hooks[event] : undefined;
  if (!Array.isArray(entries)) return [];
  return entries
    .flatMap((item: unknown) => (isPlainObject(item) && Array.isArray(item.hooks) ? item.hooks : [item]))
    .flatMap((hook: unknown) => (isPlainObject(hook) && typeof hook.bash === 'string' ? [hook.bash] : []));
}
