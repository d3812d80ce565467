import type { Rule } from '../../../config/rule.js';
import { workingDir } from './working-dir.js';

/** Every copilot rule, in the order of the rule table (docs/rules/README.md). */
export const ALL_RULES: readonly Rule[] = [workingDir];
