import { realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compileJsRegexMatcher } from '../../config/js-regex-matcher.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { readRegularFileSync, SIZE_CAPS, statsAt } from '../../util/regular-file.js';

/** extensions/variables.ts INSTALL_METADATA_FILENAME: what `gemini extensions install|link` records. */
export const INSTALL_METADATA = '.gemini-extension-install.json';
/** extensions/variables.ts EXTENSION_SETTINGS_FILENAME. */
const SETTINGS_FILE = '.env';

/**
 * extension-manager.ts loadInstallMetadata: the JSON value of the install metadata, or undefined
 * when the file is missing or not JSON (Gemini then treats the extension as a plain one).
 */
export function readInstallMetadata(installDir: string): unknown {
  const read = readRegularFileSync(join(installDir, INSTALL_METADATA), SIZE_CAPS.configTrusted);
  if (!read.ok) return undefined;
  try {
    return JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

function field(metadata: unknown, key: string): unknown {
  return metadata !== null && typeof metadata === 'object' ? (metadata as Record<string, unknown>)[key] : undefined;
}

/**
 * Where Gemini reads an installed extension from (_buildExtension `effectiveExtensionPath`): a
 * linked one (`type: "link"`) from its `source` as written, every other from its install dir.
 * A link whose source is not a string makes Gemini skip the extension (its path functions throw).
 */
export type ExtensionLocation =
  | { kind: 'installed'; root: string; written: string }
  | { kind: 'link'; root: string; written: string }
  | { kind: 'bad-link'; found: string };

export function extensionLocation(installDir: string, metadata: unknown, workspace: string): ExtensionLocation {
  if (field(metadata, 'type') !== 'link') return { kind: 'installed', root: installDir, written: installDir };
  const source = field(metadata, 'source');
  if (typeof source !== 'string')
    return { kind: 'bad-link', found: source === null ? 'null' : Array.isArray(source) ? 'array' : typeof source };
  // A relative source is read relative to Gemini's working directory, and substituted as written.
  return { kind: 'link', root: resolve(workspace, source), written: source };
}

/** What ExtensionManager.loadExtensionConfig makes of `gemini-extension.json`: its name and settings, or why it skips the extension. */
export type ExtensionManifest = { ok: true; name: string; settings: readonly ExtensionSetting[] } | { ok: false; problem: string };

export interface ExtensionSetting {
  envVar: string;
}

export function readExtensionManifest(root: string): ExtensionManifest {
  const file = join(root, 'gemini-extension.json');
  const read = readRegularFileSync(file, SIZE_CAPS.configTrusted);
  if (!read.ok) return { ok: false, problem: `Configuration file not found at ${file}` };
  let config: unknown;
  try {
    config = JSON.parse(read.bytes.toString('utf8'));
  } catch (error) {
    return { ok: false, problem: `Failed to load extension config from ${file}: ${(error as Error).message}` };
  }
  const name = field(config, 'name');
  if (!name || !field(config, 'version'))
    return { ok: false, problem: `Invalid configuration in ${file}: missing ${!name ? '"name"' : '"version"'}` };
  // validateName: `/^[a-zA-Z0-9-]+$/.test(name)` (a number passes as its text).
  if (!/^[a-zA-Z0-9-]+$/.test(String(name)))
    return {
      ok: false,
      problem: `Invalid extension name: "${String(name)}". Only letters (a-z, A-Z), numbers (0-9), and dashes (-) are allowed.`,
    };
  const settings = field(config, 'settings');
  return {
    ok: true,
    name: String(name),
    settings: Array.isArray(settings)
      ? settings.flatMap((setting) => (isPlainObject(setting) && typeof setting.envVar === 'string' ? [{ envVar: setting.envVar }] : []))
      : [],
  };
}

/** `security.allowedExtensions` and `security.blockGitExtensions` as the merged settings hold them. */
export interface ExtensionSecurity {
  allowed: readonly string[];
  blockGit: boolean;
}

/**
 * _buildExtension's source checks, before anything of the extension is read. A nonempty
 * `allowedExtensions` needs a pattern (a JavaScript regex) that matches the real path of the
 * install `source`; it overrides `blockGitExtensions`, which refuses `git` and `github-release`
 * installs. Returns Gemini's words when it does not load the extension, else null; `fatal` where
 * Gemini throws out of loadExtensions, so that the session does not start at all. hookctl
 * evaluates the patterns in linear time; one it cannot translate counts as matching [choice].
 */
export function extensionRefusal(
  installDir: string,
  metadata: unknown,
  security: ExtensionSecurity,
  workspace: string,
): { message: string; fatal: boolean } | null {
  if (security.allowed.length > 0) {
    const source = field(metadata, 'source');
    if (typeof source !== 'string' || source === '')
      // Gemini throws here, outside its per-extension catch: loading every extension fails, and startup with it.
      return { message: `Failed to load extension ${installDir}. The ${INSTALL_METADATA} file is missing or misconfigured.`, fatal: true };
    const target = realPath(resolve(workspace, source));
    for (const pattern of security.allowed) {
      const compiled = compileJsRegexMatcher(pattern);
      if (!compiled.ok && compiled.unsupported !== true)
        return { message: `Invalid regex pattern in allowedExtensions setting: "${pattern}. Error: ${compiled.error}`, fatal: true };
      if (!compiled.ok || compiled.matcher.test(target)) return null;
    }
    return {
      message: `Failed to load extension ${installDir}. This extension is not allowed by the "allowedExtensions" security setting.`,
      fatal: false,
    };
  }
  const type = field(metadata, 'type');
  if ((type === 'git' || type === 'github-release') && security.blockGit)
    return {
      message: `Failed to load extension ${installDir}. Extensions from remote sources is disallowed by your current settings.`,
      fatal: false,
    };
  return null;
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Extension settings (extensionSettings.ts getScopedEnvContents), when `experimental.extensionConfig`
 * is on: the user scope's `.env` in `~/.gemini/extensions/<manifest name>/`, then (in a trusted
 * folder) the workspace's own `.env`, parsed as dotenv parses. Every key of both is a `${KEY}`
 * hooks can use, over `${extensionPath}` and the others; the keys the manifest declares as
 * `settings[].envVar` are set in the environment of its command hooks, over their own `env`.
 * Sensitive settings live in the system keychain, which hookctl does not read [limit].
 */
export function extensionSettings(
  name: string,
  declared: readonly ExtensionSetting[],
  places: { extensionsDir: string; workspace: string; workspaceTrusted: boolean },
): { variables: Record<string, string>; env: Record<string, string>; files: string[] } {
  const files = [join(places.extensionsDir, name, SETTINGS_FILE)];
  if (places.workspaceTrusted) files.push(join(places.workspace, SETTINGS_FILE));
  // `{...userSettings, ...workspaceSettings}`: the workspace's value wins.
  let variables: Record<string, string> = {};
  for (const file of files) variables = { ...variables, ...readDotenv(file) };
  const env: Record<string, string> = {};
  for (const { envVar } of declared) if (Object.hasOwn(variables, envVar)) env[envVar] = variables[envVar]!;
  return { variables, env, files };
}

/**
 * dotenv 16's `parse` (what Gemini bundles): KEY=value lines, quotes stripped, `\n` and `\r` expanded
 * inside double quotes. dotenv's pattern begins `^\s*`, which at every line start runs on over all
 * the blank lines below it: a repository's `.env` of blank lines between two non-key lines took
 * hours. Here the leading blanks stop at a line end; a key after blank lines is then matched from its
 * own line start, with the same captures, so the values are dotenv's.
 */
const LEADING_BLANKS = /^[^\S\n\r\u2028\u2029]*/.source;
const KEY = /(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)/.source;
const VALUE = /(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*\x60(?:\\\x60|[^\x60])*\x60|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/.source;
const LINE = new RegExp(LEADING_BLANKS + KEY + VALUE, 'gm');

function readDotenv(path: string): Record<string, string> {
  // existsSync + statSync: a directory there is no settings file.
  if (statsAt(path)?.isFile() !== true) return {};
  const read = readRegularFileSync(path, SIZE_CAPS.configJson);
  if (!read.ok) return {};
  return parseDotenv(read.bytes.toString('utf8'));
}

export function parseDotenv(source: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = source.replace(/\r\n?/gm, '\n');
  for (const match of lines.matchAll(LINE)) {
    // dotenv assigns `obj[key] = value`: a `__proto__` line sets no key.
    if (match[1] === '__proto__') continue;
    let value = (match[2] ?? '').trim();
    const quote = value[0];
    value = value.replace(/^(['"`])([\s\S]*)\1$/gm, '$2');
    if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r');
    values[match[1]!] = value;
  }
  return values;
}
