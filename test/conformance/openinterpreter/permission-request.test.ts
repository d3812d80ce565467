import { familyKit } from '../family.js';
import { permissionRequestCases } from '../cases/permission-request.js';

permissionRequestCases(familyKit('openinterpreter'));
