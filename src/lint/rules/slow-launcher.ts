import { setField } from '../../config/field-value.js';
import { ruleMeta, type Rule } from '../rule.js';

const LAUNCHERS: readonly { pattern: RegExp; advice: string }[] = [
  {
    pattern: /(?:^|[\s;&|(])npx(?=\s|$)/,
    advice: '"npx" resolves (and may download) a package on every hook run, costing hundreds of ms to seconds; install the tool and call its binary directly, or run a compiled .js file with "node"',
  },
  {
    pattern: /(?:^|[\s;&|(])ts-node(?=\s|$)/,
    advice: '"ts-node" compiles TypeScript on every hook run, costing hundreds of ms to seconds; compile ahead of time and run the .js file with "node"',
  },
];

/** Hooks run on every tool call; a slow launcher multiplies into a sluggish agent. */
export const slowLauncher: Rule = {
  meta: ruleMeta('slow-launcher', 'warning', 'a command started through a slow launcher such as npx or ts-node'),
  atLoad: false,
  check({ checked, report }) {
    for (const handler of checked.declarations.handlers) {
      const command = setField(handler.node, 'command')?.value;
      if (command?.kind !== 'scalar' || typeof command.value !== 'string') continue;
      const text = command.value;
      const launcher = LAUNCHERS.find((candidate) => candidate.pattern.test(text));
      if (launcher !== undefined) report({ message: launcher.advice, pos: command.pos });
    }
  },
};
