import { didYouMean, didYouMeanSuffix } from '../../util/did-you-mean.js';
import { ruleMeta, type Rule } from '../rule.js';

/** On events with a closed set of targets, a matcher that fits none of them can never fire. */
export const matcherNeverMatches: Rule = {
  meta: ruleMeta('matcher-never-matches', 'warning', 'a matcher that matches none of the values its event can have'),
  atLoad: true,
  check({ checked, report }) {
    for (const event of checked.declarations.events) {
      const targets = event.spec?.closedTargets;
      if (!targets) continue;
      for (const group of event.groups) {
        const matcher = group.compiled?.ok ? group.compiled.matcher : null;
        if (matcher === null || matcher.source === null || targets.some((target) => matcher.test(target))) continue;
        report({
          message:
            `matcher ${JSON.stringify(matcher.source)} matches no ${event.spec!.matcherField} of ${event.name} (${targets.join(', ')}), so this hook never runs` +
            didYouMeanSuffix(didYouMean(matcher.source, targets)),
          pos: group.matcher!.value.pos,
        });
      }
    }
  },
};
