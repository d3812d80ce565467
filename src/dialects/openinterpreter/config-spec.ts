import type { DialectConfigSpec } from '../../config/config-spec.js';
import type { LayerDeclaration, LoadPolicy } from '../../config/load-declaration.js';
import { familySpec } from '../codex/family-spec.js';
import { projectAnchor } from '../codex/project-anchor.js';
import { OPENINTERPRETER_EVENTS } from './events.js';
import { featuresSwitch, LAYERS } from './config-layers.js';

/** openinterpreter config rules (SPEC 2.2, 2.3): the Codex family's (codex/family-spec.ts) plus hookctl's `id` and `onFailure`. */
export const configSpec: DialectConfigSpec & { layers: LayerDeclaration; policy: LoadPolicy } = {
  dialect: 'openinterpreter',
  events: OPENINTERPRETER_EVENTS,
  ...familySpec,
  // The family's load policy, and `[features] hooks` as this agent's switch.
  policy: { ...familySpec.policy, features: { switchOf: featuresSwitch } },
  handlerFields: {
    ...familySpec.handlerFields,
    // hookctl's additions; the agent ignores them.
    id: { kind: 'non-empty-string', extension: true },
    onFailure: { kind: 'enum', values: ['continue', 'abort'], extension: true },
  },
  // What the agent does that the shared lint rules say: the family's, and its own.
  lint: {
    ...familySpec.lint,
    // Seed 000: the agent runs the Codex hooks runtime (codex-rs/hooks), whose HookEventsToml
    // (codex-rs/config/src/hook_config.rs) has no deny_unknown_fields: serde skips an event it does not
    // know, in hooks.json and in config.toml alike (SPEC 2.2 lists no unknown event among whole-file rejections).
    unknownEventIgnored: { agent: 'Open Interpreter as of 2026-09', effect: 'skips this event' },
    projectAnchor,
    // Issue 39, from each event's schema description (docs/dialects.md): exit 2 cannot block these.
    exitTwoIgnored: {
      SessionStart: 'the agent gives it no special meaning',
      PreCompact: 'the agent gives it no special meaning',
      PostCompact: 'the agent gives it no special meaning',
    },
    // SPEC 2.4: the shell tool is Bash; apply_patch answers to Edit and Write, spawn_agent to Agent.
    toolNames: { tools: ['Bash', 'apply_patch', 'Edit', 'Write', 'spawn_agent', 'Agent'] },
  },
  layers: LAYERS,
};
