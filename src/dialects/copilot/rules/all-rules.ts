import type { Rule } from '../../../config/rule.js';
import { bothEventNames } from './both-event-names.js';
import { exitTwoStderr } from './exit-two-stderr.js';
import { timeoutFailsOpen } from './timeout-fails-open.js';
import { toolArgsParsed } from './tool-args-parsed.js';
import { workingDir } from './working-dir.js';

/** Every copilot rule, in the order of the rule table (docs/rules/README.md). */
export const ALL_RULES: readonly Rule[] = [workingDir, toolArgsParsed, exitTwoStderr, timeoutFailsOpen, bothEventNames];
