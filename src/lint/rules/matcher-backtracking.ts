import { createRule } from '../rule.js';

/**
 * SPEC §6.1 and SPEC-dialects 8.3: no matcher may stall a dispatch. hookctl evaluates regexes in
 * linear time, but an agent with a backtracking engine (claude: JavaScript `RegExp`) runs the same
 * pattern itself, and `(a+)+$` takes 2^n steps there on n repeated characters that end in a
 * mismatch. Reported where the dialect's analysis finds exponential backtracking.
 */
export const matcherBacktracking = createRule({
  id: 'matcher-backtracking',
  severity: 'error',
  description: "a matcher regex that backtracks exponentially in the agent's regex engine (ReDoS)",
  atLoad: false,
  messages: {
    // {{matcher}} is a JSON string (quoted); {{pump}} a word (quoted) whose repetitions double the work.
    exponential:
      "matcher {{matcher}} backtracks exponentially in the agent's regex engine: " +
      'a target that repeats {{pump}} and then fails to match takes 2^n steps, ' +
      'which can stall the agent; remove the nested or overlapping repetition (e.g. (a+)+ → a+, (a|ab)* → (ab?)*)',
  },
  check({ spec, checked, report }) {
    const analyse = spec.lint?.exponentialBacktracking;
    if (analyse === undefined) return;
    for (const event of checked.declarations.events) {
      for (const group of event.groups) {
        const compiled = group.compiled;
        if (compiled === null || group.matcher === undefined) continue;
        // A regex: compiled as one, or one the linear-time engine refused (it still runs in the agent).
        const isRegex = compiled.ok ? compiled.matcher.kind === 'regex' : compiled.unsupported === true;
        const text = group.matcher.value.kind === 'scalar' ? group.matcher.value.value : null;
        if (!isRegex || typeof text !== 'string') continue;
        const found = analyse(text);
        if (found !== null)
          report({
            messageId: 'exponential',
            data: { matcher: JSON.stringify(text), pump: JSON.stringify(found.pump) },
            pos: group.matcher.value.pos,
          });
      }
    }
  },
});
