import { decidingFeaturesSwitch } from '../../config/features-switch.js';
import { createRule } from '../rule.js';

/** Worth knowing when "my hook does not run": a config.toml switched every hook off. */
export const featuresDisabled = createRule({
  id: 'features-disabled',
  severity: 'info',
  description: '`[features] hooks = false` turns every hook off',
  atLoad: true,
  messages: {
    hooksOff: 'hooks are disabled by [features] hooks = false: no hook is discovered or run',
  },
  check({ spec, checked, all, report }) {
    // Only the deciding switch is reported: a project `true` overrides a user `false`.
    const deciding = decidingFeaturesSwitch(all.map((other) => other.file), spec);
    if (deciding === null || deciding.enabled || deciding.file !== checked.file) return;
    report({ messageId: 'hooksOff', pos: deciding.entry.keyPos });
  },
});
