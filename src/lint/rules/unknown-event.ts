import { didYouMean, didYouMeanSuffix } from '../../util/did-you-mean.js';
import { ruleMeta, type Rule } from '../rule.js';

/** A misspelled event is the classic hook that silently never fires. */
export const unknownEvent: Rule = {
  meta: ruleMeta('unknown-event', 'error', 'an event name the dialect does not have'),
  atLoad: true,
  check({ spec, checked, report }) {
    const names = spec.events.map((event) => event.name);
    for (const event of checked.declarations.events) {
      if (event.spec !== null) continue;
      report({
        message:
          `unknown ${spec.dialect} event "${event.name}"` +
          (didYouMeanSuffix(didYouMean(event.name, names)) || `; the events are ${names.join(', ')}`),
        pos: event.keyPos,
        invalidates: event.value,
      });
    }
  },
};
