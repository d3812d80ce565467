import type { Language } from '../model.js';
import { NODE_LAUNCHER } from './guard-launcher.js';
import { nodeExampleCode, nodeFieldDocs, typesModule } from './node-script.js';

/** ESM JavaScript for `node`: no build step, typed in editors through JSDoc imports of hookctl's types. */
export const javascript: Language = {
  id: 'js',
  extension: 'mjs',
  comment: '//',
  command: (path) => `node ${path}`,
  guardLauncher: NODE_LAUNCHER,
  note:
    'Runs with plain `node` (no build step). ' +
    'Editors type it through JSDoc when hookctl is installed in the project (npm i -D hookctl).',
  exampleCode: (example, model) =>
    nodeExampleCode(example, (literal) => [
      ...(model.outputType ? [`/** @type {import('${typesModule(model)}').${model.outputType}} */`] : []),
      `const output = ${literal};`,
    ]),
  values: (model) => ({
    inputTypeRef: `import('${typesModule(model)}').${model.inputType}`,
    fields: nodeFieldDocs(model),
  }),
};
