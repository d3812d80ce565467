import { familyKit } from '../family.js';
import { compactCases } from '../cases/compact.js';

compactCases(familyKit('openinterpreter'));
