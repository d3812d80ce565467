import { familyKit } from '../family.js';
import { sessionStartCases } from '../cases/session-start.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
sessionStartCases(familyKit('codex'));
