import { decidingFeaturesSwitch } from '../../config/features-switch.js';
import { ruleMeta, type Rule } from '../rule.js';

/** Worth knowing when "my hook does not run": a config.toml switched every hook off. */
export const featuresDisabled: Rule = {
  meta: ruleMeta('features-disabled', 'info', '`[features] hooks = false` turns every hook off'),
  atLoad: true,
  check({ spec, checked, all, report }) {
    // Only the deciding switch is reported: a project `true` overrides a user `false`.
    const deciding = decidingFeaturesSwitch(all.map((other) => other.file), spec);
    if (deciding === null || deciding.enabled || deciding.file !== checked.file) return;
    report({ message: 'hooks are disabled by [features] hooks = false: no hook is discovered or run', pos: deciding.entry.keyPos });
  },
};
