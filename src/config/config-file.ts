import type { HandlerSource } from '../kit/handler-record.js';
import type { PluginNotice } from './plugin-notices.js';
import type { ParsedFile, SourcePosition } from './source-tree.js';

import type { FileRole } from '../kit/layers.js';

export type { FileRole } from '../kit/layers.js';

export interface PluginInfo {
  name: string;
  /** The plugin directory; `PLUGIN_ROOT` for its commands. */
  root: string;
  /** The plugin's data directory; `PLUGIN_DATA` for its commands. */
  data: string;
}

/** One discovered config file, parsed, with the layer it belongs to. */
export interface ConfigFile {
  parsed: ParsedFile;
  source: HandlerSource;
  role: FileRole;
  /** Files of one layer (one config directory) share this key. */
  layer: string;
  plugin: PluginInfo | null;
  /** For an `unread` file: the file the agent reads in its place (octo: hooks.yml beside a hooks.yaml). */
  readInstead?: string;
  /**
   * For an `unread` file that lint found by its name alone (issue 39), where its hooks start and why
   * no agent reads it: the files its owner reads in that directory instead (`reads`), and the agents
   * that read a file of its name in their own directory (`otherReaders`); or, for a plugin's hooks
   * file with no manifest beside it, the manifest each agent would read it beside (`manifests`).
   */
  nearMiss?: {
    pos: SourcePosition;
    reads?: readonly string[];
    otherReaders?: readonly { owner: string; path: string }[];
    manifests?: readonly { owner: string; path: string }[];
  };
  /**
   * How the agent names this file in its hooks' keys, when not by its path (codex: a plugin's
   * `name@marketplace:hooks/hooks.json`, one inline entry of a manifest `plugin.json#hooks[0]`).
   */
  key?: string;
  /**
   * Set when the agent reads past this file's hooks (codex: a project the user has not trusted
   * loads no project config at all). Its hooks are still listed, each as a run skipped for
   * `reason` with `message`, and no trust bypass lifts it.
   */
  disabled?: { reason: 'workspace-untrusted'; message: string };
  /**
   * What plugin discovery found wrong here, each at its place in this file: an enabled plugin that
   * is not installed (at its entry in the settings that enable it), a hooks path a manifest names
   * that cannot be used (in the manifest). The `plugin-discovery` rule reports them.
   */
  notices?: readonly PluginNotice[];
  /**
   * Set for hooks the agent registers only while one of its own components runs (claude: a skill
   * or subagent's frontmatter): which component, for listings. Linted and listed, never dispatched.
   * `honours`: handler fields the agent honours here and nowhere else (claude `once` in a skill).
   */
  activeWhile?: { component: string; name: string; honours: readonly string[] };
}
