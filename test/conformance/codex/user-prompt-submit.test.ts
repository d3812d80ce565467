import { familyKit } from '../family.js';
import { userPromptSubmitCases } from '../cases/user-prompt-submit.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
userPromptSubmitCases(familyKit('codex'));
