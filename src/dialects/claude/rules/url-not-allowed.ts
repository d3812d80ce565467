import { relative } from 'node:path';
import { scalarField, setField } from '../../../config/field-value.js';
import type { CheckedFile } from '../../../config/rule.js';
import { createRule } from '../../../config/rule.js';
import { urlAllowed } from '../http.js';

/**
 * The settings key that limits which URLs HTTP handlers may call (merged across every settings
 * layer), the handler field holding the URL, and how a URL is matched against the patterns.
 */
const ALLOW_LIST = { settingKey: 'allowedHttpHookUrls', urlField: 'url', allowed: urlAllowed } as const;

/**
 * An HTTP hook whose URL the settings' allow-list does not admit (claude `allowedHttpHookUrls`:
 * the lists of every settings layer merge; an empty list blocks every HTTP hook; cc settings-ref
 * §allowedHttpHookUrls). The agent blocks it without calling it, and so does hookctl.
 */
export const urlNotAllowed = createRule({
  id: 'url-not-allowed',
  severity: 'error',
  // Issue 39: the hook silently never runs, an error in lint; the agent skips it, so loading config warns.
  loadSeverity: 'warning',
  description: 'an HTTP hook URL outside the allowed URL patterns (allowedHttpHookUrls), so it is never called',
  atLoad: true,
  messages: {
    // {{url}} is a JSON string (quoted); {{patterns}} the merged patterns, quoted; {{files}} where they are set.
    notAllowed: 'URL {{url}} matches no pattern of "{{setting}}" ({{patterns}}, set in {{files}}), so the agent never calls this hook',
    noneAllowed: '"{{setting}}" is an empty list (set in {{files}}), which blocks every HTTP hook: the agent never calls {{url}}',
  },
  check({ checked, all, projectDir, report }) {
    const allowList = ALLOW_LIST;
    const setting = allowListOf(all, allowList.settingKey);
    if (setting === null) return;
    const files = setting.files.map((path) => relativeOrAbsolute(projectDir, path)).join(', ');
    for (const handler of checked.declarations.handlers) {
      const url = scalarField(handler.node, allowList.urlField, 'string');
      if (url === undefined || allowList.allowed(url, setting.patterns)) continue;
      const pos = setField(handler.node, allowList.urlField)!.value.pos;
      if (setting.patterns.length === 0)
        report({ messageId: 'noneAllowed', data: { setting: allowList.settingKey, files, url: JSON.stringify(url) }, pos });
      else {
        const patterns = setting.patterns.map((pattern) => JSON.stringify(pattern)).join(', ');
        report({ messageId: 'notAllowed', data: { url: JSON.stringify(url), setting: allowList.settingKey, patterns, files }, pos });
      }
    }
  },
});

/** The patterns of every settings file (not a hooks-only file) that sets the key, merged; null when none does. */
function allowListOf(files: readonly CheckedFile[], key: string): { patterns: string[]; files: string[] } | null {
  const patterns = new Set<string>();
  const setIn: string[] = [];
  for (const { file } of files) {
    const root = file.parsed.root;
    if (file.role === 'hooks-file' || root?.kind !== 'object') continue;
    const value = setField(root, key)?.value;
    if (value?.kind !== 'array') continue;
    setIn.push(file.parsed.path);
    for (const item of value.items) if (item.kind === 'scalar' && typeof item.value === 'string') patterns.add(item.value);
  }
  return setIn.length === 0 ? null : { patterns: [...patterns], files: setIn };
}

function relativeOrAbsolute(base: string, path: string): string {
  const rel = relative(base, path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}
