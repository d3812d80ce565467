import type { Language } from '../model.js';
import { TYPESCRIPT_LAUNCHER } from './guard-launcher.js';
import { nodeExampleCode, nodeFieldDocs, typesModule } from './node-script.js';

/**
 * TypeScript importing hookctl's types. It imports only types, so Node's type stripping runs it
 * directly, in CommonJS and ES module packages alike. hookctl is an ES module package, so the type
 * import carries `resolution-mode: import`: without it tsc (module node16/node18) rejects a type
 * import of an ES module from a CommonJS file (TS1541); in an ES module file it changes nothing.
 */
export const typescript: Language = {
  id: 'ts',
  extension: 'ts',
  comment: '//',
  command: (path) => `node --experimental-strip-types ${path}`,
  guardLauncher: TYPESCRIPT_LAUNCHER,
  note:
    'Runs with `node --experimental-strip-types` (Node >= 22.6; the flag is on by default from Node 23.6). ' +
    'Type-checking needs hookctl and @types/node installed in the project (npm i -D hookctl @types/node). ' +
    'Avoid slow launchers such as `npx tsx` or `ts-node`: they add up to seconds to every hook run; ' +
    'on older Node, compile it with tsc and point the command at the .js file.',
  exampleCode: (example, model) =>
    nodeExampleCode(example, (literal) => [`const output${model.outputType ? `: ${model.outputType}` : ''} = ${literal};`]),
  values: (model) => ({
    typeImports: [model.inputType, ...(model.outputType && model.examples.some((e) => e.stdout) ? [model.outputType] : [])].join(', '),
    typesModule: typesModule(model),
    fields: nodeFieldDocs(model),
  }),
};
