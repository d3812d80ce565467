import { scalarField } from '../../../config/field-value.js';
import { createRule } from '../../../config/rule.js';

/**
 * Events whose matcher is also the list of files Claude Code watches, split on `|`, each piece a
 * literal file name (cc hooks §FileChanged): a piece with wildcard characters watches nothing.
 */
const WATCH_LIST_EVENTS: ReadonlySet<string> = new Set(['FileChanged']);

/** Characters a file-name pattern would use; in a watch list they are taken literally. */
const PATTERN_CHARACTERS = /[*?[\]^$()+{}\\]/;

/**
 * On events whose matcher is also the list of files to watch (claude FileChanged: split on `|`,
 * each piece a literal file name in the working directory; cc hooks §FileChanged), a piece like
 * `*` or `*.ts` watches a file of exactly that name: only files that hooks add through
 * `watchPaths` are seen, which is rarely what the author meant.
 */
export const watchListPattern = createRule({
  id: 'watch-list-pattern',
  severity: 'error',
  // Issue 39: the hook silently never runs, an error in lint; the agent skips it, so loading config warns.
  loadSeverity: 'warning',
  description: 'a wildcard in a matcher that is also a list of file names to watch (FileChanged "*")',
  atLoad: true,
  messages: {
    // {{piece}} is one `|`-separated piece of the matcher, quoted.
    literal:
      '{{event}} matchers also name the files to watch, literally: {{piece}} watches a file named {{piece}}, not a pattern; ' +
      'list the file names (e.g. ".envrc|.env"), or return "watchPaths" from a hook',
  },
  check({ checked, report }) {
    const events = WATCH_LIST_EVENTS;
    for (const event of checked.declarations.events) {
      if (!events.has(event.name)) continue;
      for (const group of event.groups) {
        const text = scalarField(group.node, 'matcher', 'string');
        if (text === undefined || group.matcher === undefined) continue;
        for (const piece of text.split('|').map((part) => part.trim())) {
          if (PATTERN_CHARACTERS.test(piece))
            report({ messageId: 'literal', data: { event: event.name, piece: JSON.stringify(piece) }, pos: group.matcher.value.pos });
        }
      }
    }
  },
});
