import { HookctlError } from '../errors.js';

/** The hookctl installation itself is broken: a file the package ships cannot be found. */
export class InstallationError extends HookctlError {}
