import { familyKit } from '../family.js';
import { stopCases } from '../cases/stop.js';

stopCases(familyKit('openinterpreter'));
