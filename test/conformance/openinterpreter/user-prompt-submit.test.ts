import { familyKit } from '../family.js';
import { userPromptSubmitCases } from '../cases/user-prompt-submit.js';

userPromptSubmitCases(familyKit('openinterpreter'));
