import { featuresPolicy } from '../../config/features-switch.js';
import { ruleMeta, type Rule } from '../rule.js';

/**
 * Worth knowing when "my hook does not run": a `[features] hooks = false` switch turned hooks off,
 * and which ones (SPEC 2.1: only the managed requirements file can turn managed hooks off).
 */
export const featuresDisabled: Rule = {
  meta: ruleMeta('features-disabled', 'info', '`[features] hooks = false` turns hooks off (managed hooks only from the managed file)'),
  atLoad: true,
  check({ spec, checked, all, report }) {
    const policy = featuresPolicy(all.map((other) => other.file), spec);
    if (policy.scope === 'all' && policy.deciding?.file === checked.file) {
      report({
        message: 'every hook, managed ones included, is disabled by [features] hooks = false in the managed requirements file: no hook is discovered or run',
        pos: policy.deciding.entry.keyPos,
      });
    } else if (policy.scope === 'non-managed' && policy.deciding?.file === checked.file) {
      report({
        message: 'user, project and plugin hooks are disabled by [features] hooks = false; managed hooks still run (only the managed requirements file can turn them off)',
        pos: policy.deciding.entry.keyPos,
      });
    } else if (policy.localIgnored && policy.local?.file === checked.file) {
      report({ message: '[features] hooks = false is ignored: the managed requirements file pins [features] hooks = true', pos: policy.local.entry.keyPos });
    }
  },
};
