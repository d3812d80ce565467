import type { DialectConfigSpec } from '../../config/config-spec.js';
import type { LayerDeclaration, LoadPolicy } from '../../config/load-declaration.js';
import { LAYERS } from './config-layers.js';
import { OCTO_EVENTS } from './events.js';

/** octo config rules (SPEC 3.2): a flat YAML list per event, regex matchers, Go duration timeouts. */
export const configSpec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'octo',
  events: OCTO_EVENTS,
  nesting: 'flat',
  // Nothing runs half-configured (SPEC 3.2): an error in a file that would run stops the load. A
  // flat list has no file-wide rejection: a bad handler is its own entry.
  policy: { onError: 'refuse', rejection: 'entry' },
  layers: LAYERS,
  matcher: 'regex',
  groupFields: {},
  handlerFields: {
    command: { kind: 'command' },
    matcher: { kind: 'string' },
    timeout: { kind: 'go-duration' },
    async: { kind: 'boolean' },
  },
  timeout: { unit: 'go-duration', defaultMs: 5000, maxMs: 30_000 },
  handlerTypes: null,
  // What octo does that the shared lint rules say.
  lint: {
    // octo sets no variables for its hooks (SPEC 3.2): the input is JSON on stdin.
    hookVariables: {
      always: [],
      plugin: [],
      neverSet: {
        CLAUDE_PROJECT_DIR:
          'that is Claude Code\'s; octo sets no project-dir variable: use "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"',
        CLAUDE_TOOL_INPUT: 'the input is JSON on stdin: read .tool_input',
        OCTO_PROJECT_DIR: 'octo sets no project-dir variable: use "$(git rev-parse --show-toplevel 2>/dev/null || pwd)"',
      },
    },
    // Hooks run in the payload's cwd (SPEC 2.8) and octo sets no project-dir variable; exit 2 blocks
    // only on PreToolUse (SPEC 3.4).
    projectAnchor: {
      root: 'git',
      shellPrefix: '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"/',
      exitTwo: { PreToolUse: 'blocks every tool call it matches' },
    },
  },
  topLevel: {
    // octo's loader ignores keys it does not know, so they are worth a warning, not an error.
    'hooks-file': { fields: {}, unknown: 'warning' },
    'inline-config': { fields: {}, unknown: 'ignore' },
    'managed-requirements': { fields: {}, unknown: 'ignore' },
    env: { fields: {}, unknown: 'ignore' },
    unread: { fields: {}, unknown: 'ignore' },
    'plugin-manifest': { fields: {}, unknown: 'ignore' },
  },
};
