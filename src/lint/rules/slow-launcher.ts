import { setField } from '../../config/field-value.js';
import { createRule } from '../rule.js';

const LAUNCHERS = [
  { pattern: /(?:^|[\s;&|(])npx(?=\s|$)/, messageId: 'npx' },
  { pattern: /(?:^|[\s;&|(])ts-node(?=\s|$)/, messageId: 'tsNode' },
] as const;

/** Hooks run on every tool call; a slow launcher multiplies into a sluggish agent. */
export const slowLauncher = createRule({
  id: 'slow-launcher',
  severity: 'warning',
  description: 'a command started through a slow launcher such as npx or ts-node',
  atLoad: false,
  messages: {
    npx:
      '"npx" resolves (and may download) a package on every hook run, costing hundreds of ms to seconds; ' +
      'install the tool and call its binary directly, or run a compiled .js file with "node"',
    tsNode:
      '"ts-node" compiles TypeScript on every hook run, costing hundreds of ms to seconds; ' +
      'compile ahead of time and run the .js file with "node"',
  },
  check({ checked, report }) {
    for (const handler of checked.declarations.handlers) {
      const command = setField(handler.node, 'command')?.value;
      if (command?.kind !== 'scalar' || typeof command.value !== 'string') continue;
      const text = command.value;
      const launcher = LAUNCHERS.find((candidate) => candidate.pattern.test(text));
      if (launcher !== undefined) report({ messageId: launcher.messageId, pos: command.pos });
    }
  },
});
