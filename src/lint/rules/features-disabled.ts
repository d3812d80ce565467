import { featuresPolicy } from '../../config/features-switch.js';
import { createRule } from '../rule.js';

/**
 * Worth knowing when "my hook does not run": a `[features] hooks = false` switch turned hooks off,
 * and which ones (SPEC 2.1: only the managed requirements file can turn managed hooks off).
 */
export const featuresDisabled = createRule({
  id: 'features-disabled',
  severity: 'info',
  description: '`[features] hooks = false` turns hooks off (managed hooks only from the managed file; in codex every hook)',
  atLoad: true,
  messages: {
    nonManagedOff:
      'user, project and plugin hooks are disabled by [features] hooks = false; ' +
      'managed hooks still run (only the managed requirements file can turn them off)',
    allOff:
      'every hook, managed ones included, is disabled by [features] hooks = false in the managed requirements file: ' +
      'no hook is discovered or run',
    localIgnored: '[features] hooks = false is ignored: the managed requirements file pins [features] hooks = true',
    // Codex: the merged config decides for every hook, managed ones included (SPEC-dialects 9.1).
    allOffByConfig: 'every hook, managed ones included, is disabled by [features] hooks = false: no hook is discovered or run',
  },
  check({ spec, checked, all, report }) {
    const policy = featuresPolicy(
      all.map((other) => other.file),
      spec,
    );
    if (policy.deciding?.file === checked.file) {
      const fromConfig = policy.scope === 'all' && policy.deciding.file.role !== 'managed-requirements';
      report({
        messageId: fromConfig ? 'allOffByConfig' : policy.scope === 'all' ? 'allOff' : 'nonManagedOff',
        pos: policy.deciding.entry.keyPos,
      });
    } else if (policy.localIgnored && policy.local?.file === checked.file) {
      report({ messageId: 'localIgnored', pos: policy.local.entry.keyPos });
    }
  },
});
