import type { ConfigFile } from '../../../config/config-file.js';
import { normalizeHandlers } from '../../../config/normalize-handlers.js';
import { createRule } from '../../../config/rule.js';
import { definitionHash } from '../definition.js';
import { hookStates } from '../trust-state.js';

/** The trusted hashes Codex records in its config (`[hooks.state]`) for one load's files, by hook id (its positional key). */
function trustedHashes(files: readonly ConfigFile[]): ReadonlyMap<string, string> {
  return new Map(
    [...hookStates(files)].flatMap(([key, state]) => (state.trustedHash === undefined ? [] : [[key, state.trustedHash] as const])),
  );
}

/**
 * Where the agent records trust by a hook's position in its file (codex `[hooks.state]`), a hook
 * that changed since it was trusted — or moved, taking another position's trust — is skipped until
 * someone trusts it again. Lint says so before the hook silently stops running.
 */
export const hookModified = createRule({
  id: 'hook-modified',
  severity: 'warning',
  description: 'a hook that changed or moved since it was trusted, which the agent skips',
  // At load time the engine reports such a hook as a skipped (`modified`) run instead.
  atLoad: false,
  messages: {
    changed: 'this hook changed since it was trusted at {{key}}: the agent skips it until it is trusted again (`hookctl trust`)',
    // Trust is recorded by position: reordering hooks moves trust away from them.
    moved:
      'this hook was trusted at {{trustedAt}}, not at its position {{key}}: ' +
      'the agent keys trust by position, so it skips the hook until it is trusted here (`hookctl trust`)',
  },
  check({ spec, checked, all, report }) {
    const trusted = trustedHashes(all.map((item) => item.file));
    if (trusted.size === 0) return;
    for (const record of normalizeHandlers([checked], spec, new Set())) {
      if (record.source === 'managed' || record.line === null || record.column === null) continue;
      const hash = definitionHash(record);
      const stored = trusted.get(record.id);
      if (stored === hash) continue;
      const source = keySourceOf(record.id);
      const trustedAt = [...trusted].find(([key, other]) => other === hash && key !== record.id && keySourceOf(key) === source)?.[0];
      const pos = { line: record.line, column: record.column };
      if (trustedAt !== undefined) report({ messageId: 'moved', data: { trustedAt, key: record.id }, pos });
      else if (stored !== undefined) report({ messageId: 'changed', data: { key: record.id }, pos });
    }
  },
});

/** The part of a positional key before `:<event>:<group>:<handler>`: which file it is in. */
function keySourceOf(key: string): string {
  return key.replace(/:[a-z_]+:\d+:\d+$/, '');
}
