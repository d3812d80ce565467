import type { SourceEntry } from '../../config/source-tree.js';
import { setField } from '../../config/field-value.js';
import { commandEntries } from '../../config/handler-command.js';
import { escapeCharacter, hiddenCharacters } from '../../util/show-text.js';
import { createRule } from '../rule.js';

/**
 * SPEC 6.1.3: control and bidirectional characters in what a reviewer reads (a command, a matcher,
 * an id, a status message) make it render as something other than what runs — `\r` and `ESC[2K`
 * erase the start of a line, U+202E reverses the text after it. hookctl shows them escaped, but
 * the same file is also read in editors, diffs and code review, so lint rejects them.
 *
 * Lint only, not applied at load: the agents run such commands, and the runtime must behave as the
 * agent does; every hookctl output shows them escaped meanwhile.
 */
const FIELDS = ['statusMessage', 'id'] as const;

export const controlCharacter = createRule({
  id: 'control-character',
  severity: 'error',
  description: 'a control or bidirectional character in a command, matcher, id or status message',
  atLoad: false,
  messages: {
    // {{field}} is the key; {{kind}} names what was found ("a control character", "control and
    // bidirectional characters"); {{characters}} lists them escaped (`\r`, `\x1b`, `\u202e`).
    hiddenCharacters:
      '{{field}} contains {{kind}} ({{characters}}); a terminal, editor or diff may hide or reorder the text around it, ' +
      'so what a reviewer reads is not what runs: remove it, or move the logic into a script',
  },
  check({ spec, checked, report }) {
    const check = (field: string, entry: SourceEntry | undefined): void => {
      if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string') return;
      const hidden = [...new Set(hiddenCharacters(entry.value.value))];
      if (hidden.length === 0) return;
      const characters = hidden.slice(0, 4).map(escapeCharacter).join(', ') + (hidden.length > 4 ? ', …' : '');
      report({ messageId: 'hiddenCharacters', data: { field, kind: describeKind(hidden), characters }, pos: entry.value.pos });
    };
    for (const event of checked.declarations.events) {
      for (const group of event.groups) check('matcher', group.matcher);
    }
    for (const handler of checked.declarations.handlers) {
      // The command fields (`command`; copilot's `bash` and `powershell`), then the others.
      for (const { field, entry } of commandEntries(spec, handler.node)) check(field, entry);
      for (const field of FIELDS) check(field, setField(handler.node, field));
    }
  },
});

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function kindOf(char: string): string {
  if (CONTROL.test(char)) return 'control';
  if (BIDI.test(char)) return 'bidirectional control';
  return 'invisible';
}

/** `a control character`, `bidirectional control characters`, `control and invisible characters`… */
function describeKind(hidden: readonly string[]): string {
  const kinds = ['control', 'bidirectional control', 'invisible'].filter((kind) => hidden.some((char) => kindOf(char) === kind));
  const kind = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)!.replace(' control', '')}`;
  return hidden.length === 1 ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} character` : `${kind} characters`;
}
