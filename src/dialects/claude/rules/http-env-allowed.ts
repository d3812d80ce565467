import { relative } from 'node:path';
import { scalarField, setField } from '../../../config/field-value.js';
import { mergedListSources } from '../../../config/merged-list.js';
import type { CheckedFile } from '../../../config/rule.js';
import { createRule } from '../../../config/rule.js';

/** The settings key whose lists of every layer merge into the names HTTP header values may interpolate. */
const SETTING = 'httpHookAllowedEnvVars';

/**
 * Which environment variables an HTTP hook's headers will really interpolate, and which settings file
 * admitted each name (issue 22). Claude Code merges `httpHookAllowedEnvVars` across settings
 * sources ("arrays merge"), so a project file widens a managed list rather than being bounded by
 * it: an administrator reads here what a project hook gets and where that came from.
 */
export const httpEnvAllowed = createRule({
  id: 'http-env-allowed',
  severity: 'info',
  description: 'the environment variables an HTTP hook interpolates into its headers, and the settings file that allowed each',
  atLoad: false,
  messages: {
    // {{names}}: the effective names, each with the files whose httpHookAllowedEnvVars list it; {{blocked}}: the rest.
    effective: 'headers may interpolate {{names}} ({{setting}} lists merge across settings files){{blocked}}',
  },
  check({ checked, all, projectDir, report }) {
    const lists = allowListsOf(all, projectDir);
    for (const handler of checked.declarations.handlers) {
      if (scalarField(handler.node, 'type', 'string') !== 'http') continue;
      const entry = setField(handler.node, 'allowedEnvVars');
      if (entry?.value.kind !== 'array') continue;
      const wanted = entry.value.items.flatMap((item) => (item.kind === 'scalar' && typeof item.value === 'string' ? [item.value] : []));
      if (wanted.length === 0) continue;
      // With no list anywhere, allowedEnvVars alone decides, as written in the hook: nothing to add.
      if (lists === null) continue;
      const allowed = wanted.filter((name) => lists.has(name));
      const names = allowed.length === 0 ? 'nothing' : allowed.map((name) => `${name} (from ${lists.get(name)!.join(', ')})`).join(', ');
      const refused = wanted.filter((name) => !lists.has(name));
      const blocked = refused.length === 0 ? '' : `; not ${refused.join(', ')}, which no ${SETTING} lists`;
      report({ messageId: 'effective', data: { names, setting: SETTING, blocked }, pos: entry.value.pos });
    }
  },
});

/** Each name listed by any settings file's httpHookAllowedEnvVars, with the files listing it; null when none sets the key. */
function allowListsOf(files: readonly CheckedFile[], projectDir: string): Map<string, string[]> | null {
  const settings = files.map(({ file }) => file).filter((file) => file.role !== 'hooks-file');
  const sources = mergedListSources(settings, SETTING);
  if (sources === null) return null;
  const shown = (path: string) => {
    const rel = relative(projectDir, path);
    return rel === '' || rel.startsWith('..') ? path : rel;
  };
  return new Map([...sources].map(([name, listing]) => [name, listing.map((file) => shown(file.parsed.path))]));
}
