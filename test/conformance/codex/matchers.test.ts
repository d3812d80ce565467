import { familyKit } from '../family.js';
import { matcherCases } from '../cases/matchers.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
matcherCases(familyKit('codex'));
