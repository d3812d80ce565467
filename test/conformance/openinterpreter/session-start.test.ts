import { familyKit } from '../family.js';
import { sessionStartCases } from '../cases/session-start.js';

sessionStartCases(familyKit('openinterpreter'));
