import { createRule } from '../rule.js';
import { handlerCommand } from '../../config/handler-command.js';

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
  check({ spec, checked, report }) {
    for (const handler of checked.declarations.handlers) {
      const command = handlerCommand(spec, handler.node);
      if (command === null) continue;
      const text = command.text;
      const launcher = LAUNCHERS.find((candidate) => candidate.pattern.test(text));
      if (launcher !== undefined) report({ messageId: launcher.messageId, pos: command.pos });
    }
  },
});
