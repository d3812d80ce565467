import type { MessageDescriptor } from '../kit/message.js';
import type { SourceNode, SourcePosition } from './source-tree.js';

/**
 * What plugin discovery reports when a plugin, or a hooks file its manifest names, cannot be
 * loaded as the user asked (SPEC 6.2: never a silent skip). Discovery records each as a notice on
 * the file it is about; the `plugin-discovery` rule reports them, so lint, list, dry-run and the
 * outcome warnings say the same. `{{dir}}` and `{{file}}` are paths (shown relative to the
 * repository in lint); a quoted value is quoted in the data.
 */
export const PLUGIN_NOTICES = {
  // At the plugin's entry in the settings that enable it ({{id}} is quoted where it is not a valid id).
  notAPluginId: '{{id}} is not a plugin id of the form name@marketplace; ignored',
  notInstalled: 'plugin {{id}} is enabled but not installed: {{dir}} does not exist; its hooks are not loaded',
  noVersion: 'plugin {{id}} is enabled but {{dir}} holds no version directory; its hooks are not loaded',
  severalVersions: 'plugin {{id}} has {{count}} cached versions; loading the newest, {{chosen}} (also present: {{others}})',
  // At an entry of the manifest's `hooks` ({{path}} quoted as written; {{found}}: number, boolean, null, array).
  hooksPathOutside: 'plugin {{id}}: hooks path {{path}} is outside the plugin directory; not loaded',
  hooksFileMissing: 'plugin {{id}}: hooks file {{path}} does not exist; not loaded',
  hooksEntryKind: 'plugin {{id}}: a "hooks" entry must name a hooks file or hold hooks config; this {{found}} is ignored',
  // At the `hooks` key of a plugin's subagent file: the agent reads no hooks there.
  subagentHooksIgnored:
    'plugin {{id}}: hooks in a plugin subagent are ignored by the agent; copy the subagent into the project or user config to use them',
  // The agent's own words where it has them (Codex: codex-rs/core-plugins/src/loader.rs
  // append_plugin_hook_file; manifest.rs resolve_manifest_path, resolve_manifest_hooks).
  failedToRead: 'failed to read plugin hooks config {{file}}: {{error}}',
  pathNotDotSlash: 'ignoring hooks {{path}}: path must start with `./` relative to plugin root',
  pathIsDotSlash: 'ignoring hooks {{path}}: path must not be `./`',
  pathHasParent: "ignoring hooks {{path}}: path must not contain '..'",
  pathOutsideRoot: 'ignoring hooks {{path}}: path must stay within the plugin root',
  // hookctl's own, in a plugin repository: a named hooks file that is a link out of it is not read.
  linkOutside: 'not reading hooks file {{file}}: it is a symbolic link to {{target}}, outside the plugin root',
  hooksValueInvalid: 'ignoring hooks: expected a string, string array, object, or object array; found {{found}}',
} as const;

/** One notice: which message, its data, and where in the file that carries it. */
export type PluginNotice = MessageDescriptor<typeof PLUGIN_NOTICES> & { pos: SourcePosition };

/** The word a JSON value's kind goes by in a notice (`{{found}}`), as Codex's `json_value_type` names it. */
export function jsonKind(node: SourceNode): string {
  if (node.kind !== 'scalar') return node.kind;
  const { value } = node;
  return value === null ? 'null' : typeof value;
}
