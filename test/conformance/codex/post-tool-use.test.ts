import { familyKit } from '../family.js';
import { postToolUseCases } from '../cases/post-tool-use.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
postToolUseCases(familyKit('codex'));
