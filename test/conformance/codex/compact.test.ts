import { familyKit } from '../family.js';
import { compactCases } from '../cases/compact.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
compactCases(familyKit('codex'));
