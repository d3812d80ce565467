import { familyKit } from '../family.js';
import { postToolUseCases } from '../cases/post-tool-use.js';

postToolUseCases(familyKit('openinterpreter'));
