import { join } from 'node:path';
import { isPlainObject } from '../../util/is-plain-object.js';
import { readRegularFileSync, SIZE_CAPS, type SizeCap } from '../../util/regular-file.js';

/** extensionEnablement.ts: the file in the extensions dir that `gemini extensions enable|disable` writes. */
export const ENABLEMENT_FILE = 'extension-enablement.json';

/** Whether an installed extension is active in a workspace, and what decided. */
export interface ExtensionState {
  /** The extension's `name` from its gemini-extension.json (what the enablement file is keyed by). */
  name: string;
  enabled: boolean;
  /** Why it is off (for the skipped run's error and `list`), else null. */
  detail: string | null;
}

/**
 * cli/src/config/extensions/extensionEnablement.ts isEnabled: `extension-enablement.json` in the
 * extensions dir maps an extension's name to `overrides`, path rules written by `gemini extensions
 * enable|disable [--scope]`: `/abs/dir/` (that dir), `/abs/dir/*` (and below), `!` disables; the last
 * rule matching the workspace decides, no rule means enabled. A file Gemini cannot read as that shape
 * enables everything. The `--extensions` (`-e`) flag of one `gemini` run is not visible to hookctl.
 */
export function extensionStates(extensionsDir: string, roots: readonly string[], workspace: string): Map<string, ExtensionState> {
  const file = join(extensionsDir, ENABLEMENT_FILE);
  const rules = readEnablement(file);
  const states = new Map<string, ExtensionState>();
  for (const root of roots) {
    const name = manifestName(root) ?? root.split(/[\\/]/).pop()!;
    let enabled = true;
    let decided: string | null = null;
    for (const rule of rules[name] ?? []) {
      const override = parseRule(rule);
      if (override.pattern.test(withSlashes(workspace))) {
        enabled = !override.disable;
        decided = rule;
      }
    }
    const detail = enabled ? null : `extension "${name}" is disabled for ${workspace} (rule "${decided}" in ${file})`;
    states.set(root, { name, enabled, detail });
  }
  return states;
}

/**
 * gemini-extension.json `name` (Gemini keys enablement by it, not by the directory). A linked
 * extension's root is the user's checkout, repository input: read as every such file is (a FIFO or a
 * link to a device is no manifest, never a hang), under the cap readExtensionManifest reads it with,
 * so that both agree on the name (the manifest's size is a finding of discovery, at the repository cap).
 */
function manifestName(root: string): string | null {
  const manifest = readJson(join(root, 'gemini-extension.json'), SIZE_CAPS.configTrusted);
  return isPlainObject(manifest) && typeof manifest.name === 'string' ? manifest.name : null;
}

/** The file's JSON value; undefined when it is not a regular file under the cap, or not JSON. */
function readJson(path: string, cap: SizeCap): unknown {
  const read = readRegularFileSync(path, cap);
  if (!read.ok) return undefined;
  try {
    return JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The rules per extension; a missing file, bad JSON or a value not `{overrides: string[]}` means none. */
function readEnablement(path: string): Record<string, readonly string[]> {
  try {
    const data: unknown = readJson(path, SIZE_CAPS.configTrusted);
    if (!isPlainObject(data)) return {};
    const rules: Record<string, readonly string[]> = {};
    for (const [name, entry] of Object.entries(data)) {
      const overrides = isPlainObject(entry) ? entry.overrides : undefined;
      if (!Array.isArray(overrides) || !overrides.every((rule) => typeof rule === 'string')) return {};
      rules[name] = overrides;
    }
    return rules;
  } catch {
    return {};
  }
}

/** Override.fromFileRule + asRegex: `!` disables, a trailing `*` covers subdirectories, the rest is literal. */
function parseRule(rule: string): { disable: boolean; pattern: RegExp } {
  const disable = rule.startsWith('!');
  const base = disable ? rule.slice(1) : rule;
  const glob = base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/(\/?)\*/g, '($1.*)?');
  return { disable, pattern: new RegExp(`^${glob}$`) };
}

/** ensureLeadingAndTrailingSlash: backslashes as `/`, one `/` at each end. */
function withSlashes(path: string): string {
  let result = path.replace(/\\/g, '/');
  if (!result.startsWith('/')) result = `/${result}`;
  return result.endsWith('/') ? result : `${result}/`;
}
