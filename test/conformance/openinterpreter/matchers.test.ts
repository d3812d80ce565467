import { familyKit } from '../family.js';
import { matcherCases } from '../cases/matchers.js';

matcherCases(familyKit('openinterpreter'));
