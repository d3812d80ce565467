import { familyKit } from '../family.js';
import { permissionRequestCases } from '../cases/permission-request.js';

// The same Codex tests as the openinterpreter suite: here the two dialects behave alike.
permissionRequestCases(familyKit('codex'));
