import { compareVersions } from '../../util/agent-version.js';
import { createRule } from '../rule.js';

/**
 * `lint --effective` where the installed agent is older than the release hookctl is proven against
 * (its `--version` on PATH, or `--agent-version`): an event or handler key that release does not have
 * yet is skipped by it, so the hook never runs as written. The release that added each feature comes
 * from the dialect's `since` table (src/dialects/shared/agent-versions.ts), dated from the agent's
 * own facts. Silent without an installed agent, and when the runtime loads config.
 */
export const agentVersionSince = createRule({
  id: 'agent-version-since',
  severity: 'warning',
  description: 'an event or handler key the installed agent is too old to have (lint --effective with an older agent)',
  atLoad: false,
  messages: {
    event: '{{agent}} {{installed}} has no "{{event}}" event (added in {{since}}): it skips these hooks; upgrade it or move them',
    key: '{{agent}} {{installed}} does not read "{{key}}" (added in {{since}}): the hook runs without it; upgrade it or do without',
  },
  check({ checked, installedAgent, report }) {
    if (installedAgent === undefined) return;
    const newer = (feature: string) => {
      const since = Object.hasOwn(installedAgent.since, feature) ? installedAgent.since[feature] : undefined;
      return since !== undefined && compareVersions(installedAgent.version, since) < 0 ? since : null;
    };
    const about = { agent: installedAgent.name, installed: installedAgent.version };
    for (const event of checked.declarations.events) {
      const since = newer(`event:${event.name}`);
      if (since !== null) report({ messageId: 'event', data: { ...about, event: event.name, since }, pos: event.keyPos });
    }
    for (const handler of checked.declarations.handlers) {
      for (const entry of handler.node.entries) {
        const since = newer(`key:${entry.key}`);
        if (since !== null) report({ messageId: 'key', data: { ...about, key: entry.key, since }, pos: entry.keyPos });
      }
    }
  },
});
