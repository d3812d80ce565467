import { familyKit } from '../family.js';
import { stopCases } from '../cases/stop.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
stopCases(familyKit('codex'));
