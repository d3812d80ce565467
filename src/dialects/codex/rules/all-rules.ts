import type { Rule } from '../../../config/rule.js';
import { asyncRunsSync } from './async-runs-sync.js';
import { hookModified } from './hook-modified.js';
import { patchViaShell } from './patch-via-shell.js';

/** Every codex rule, lint-only ones included, in the order of the rule table (docs/rules/README.md). */
export const ALL_RULES: readonly Rule[] = [patchViaShell, asyncRunsSync, hookModified];
