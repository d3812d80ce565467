import type { SourceEntry } from '../../config/source-tree.js';
import { setField } from '../../config/field-value.js';
import { escapeCharacter, hiddenCharacters } from '../../util/show-text.js';
import { ruleMeta, type Rule } from '../rule.js';

/**
 * SPEC 6.1.3: control and bidirectional characters in what a reviewer reads (a command, a matcher,
 * an id, a status message) make it render as something other than what runs — `\r` and `ESC[2K`
 * erase the start of a line, U+202E reverses the text after it. hookctl shows them escaped, but
 * the same file is also read in editors, diffs and code review, so lint rejects them.
 *
 * Lint only, not applied at load: the agents run such commands, and the runtime must behave as the
 * agent does; every hookctl output shows them escaped meanwhile.
 */
const FIELDS = ['command', 'statusMessage', 'id'] as const;

export const controlCharacter: Rule = {
  meta: ruleMeta('control-character', 'error', 'a control or bidirectional character in a command, matcher, id or status message'),
  atLoad: false,
  check({ checked, report }) {
    const check = (name: string, entry: SourceEntry | undefined): void => {
      if (entry?.value.kind !== 'scalar' || typeof entry.value.value !== 'string') return;
      const hidden = hiddenCharacters(entry.value.value);
      if (hidden.length > 0) report({ message: describe(name, hidden), pos: entry.value.pos });
    };
    for (const event of checked.declarations.events) {
      for (const group of event.groups) check('matcher', group.matcher);
    }
    for (const handler of checked.declarations.handlers) {
      for (const field of FIELDS) check(field, setField(handler.node, field));
    }
  },
};

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function kindOf(char: string): string {
  if (CONTROL.test(char)) return 'control';
  if (BIDI.test(char)) return 'bidirectional control';
  return 'invisible';
}

function describe(field: string, hidden: readonly string[]): string {
  const distinct = [...new Set(hidden)];
  const kinds = ['control', 'bidirectional control', 'invisible'].filter((kind) => distinct.some((char) => kindOf(char) === kind));
  const kind = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)!.replace(' control', '')}`;
  const shown = distinct.slice(0, 4).map(escapeCharacter).join(', ') + (distinct.length > 4 ? ', …' : '');
  const what = distinct.length === 1 ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} character` : `${kind} characters`;
  return (
    `${field} contains ${what} (${shown}); a terminal, editor or diff may hide or reorder the text around it, ` +
    'so what a reviewer reads is not what runs: remove it, or move the logic into a script'
  );
}
