import { familyKit, type FamilyFiles, type World } from '../family.js';

/** The conformance helpers (../family.ts) bound to the openinterpreter dialect. */
export { configWarnings, fails, group, hooksFile, hso, prints, shellQuote, warningsAbout, type Group } from '../family.js';
export type OiFiles = FamilyFiles;
export type OiWorld = World;

const kit = familyKit('openinterpreter');
export const oiWorld = kit.world;
export const dispatch = kit.dispatch;
export const run = kit.run;
export const runPrinted = kit.runPrinted;
