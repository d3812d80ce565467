import { realpathSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import type { LoadContext } from '../../kit/index.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { readRegularFile, SIZE_CAPS } from '../../util/regular-file.js';
import { geminiPaths } from './paths.js';

export interface FolderTrust {
  trusted: boolean;
  /** What decided, for messages: the variable, the setting, or the rule and file. */
  detail: string;
  /** What kind of thing decided: an environment variable, the folder-trust setting, a rule of the file, or no rule. */
  decidedBy: 'variable' | 'setting' | 'rule' | 'none';
  /** The trustedFolders.json file the rules were read from. */
  file: string;
}

/**
 * Gemini CLI's folder trust (packages/core/src/utils/trust.ts checkPathTrust): `GEMINI_RESTRICTED_MODE=true`
 * distrusts; `GEMINI_CLI_TRUST_WORKSPACE`
 * true/false decides; `security.folderTrust.enabled: false` in the user or system settings trusts
 * every folder; else the longest rule of `trustedFolders.json` covering the folder (TRUST_FOLDER,
 * TRUST_PARENT: its parent, DO_NOT_TRUST); no rule means untrusted. The workspace's own settings
 * cannot turn trust off: they are read only once the folder is trusted.
 */
export async function folderTrust(
  context: Pick<LoadContext, 'cwd' | 'home' | 'env' | 'managedConfigPath'>,
  trustOff: boolean,
): Promise<FolderTrust> {
  // 0.61.0 adds restricted mode, which distrusts every folder.
  const file = geminiPaths(context).trustedFolders;
  if (context.env.GEMINI_RESTRICTED_MODE === 'true')
    return { trusted: false, detail: 'GEMINI_RESTRICTED_MODE=true', decidedBy: 'variable', file };
  const variable = context.env.GEMINI_CLI_TRUST_WORKSPACE;
  if (variable === 'true' || variable === 'false')
    return { trusted: variable === 'true', detail: `GEMINI_CLI_TRUST_WORKSPACE=${variable}`, decidedBy: 'variable', file };
  if (trustOff) return { trusted: true, detail: 'security.folderTrust.enabled is false', decidedBy: 'setting', file };
  const rules = await readRules(file);
  const location = realPath(resolve(context.cwd));
  let best: { length: number; level: string; path: string } | null = null;
  for (const [rulePath, level] of Object.entries(rules)) {
    if (typeof level !== 'string') continue;
    const effective = realPath(resolve(level === 'TRUST_PARENT' ? dirname(rulePath) : rulePath));
    if (!within(location, effective)) continue;
    if (best === null || effective.length > best.length) best = { length: effective.length, level, path: rulePath };
  }
  if (best === null) return { trusted: false, detail: `no rule for ${location} in ${file}`, decidedBy: 'none', file };
  const trusted = best.level === 'TRUST_FOLDER' || best.level === 'TRUST_PARENT';
  return { trusted, detail: `${best.level} for ${best.path} in ${file}`, decidedBy: 'rule', file };
}

function within(location: string, root: string): boolean {
  return location === root || location.startsWith(root.endsWith(sep) ? root : root + sep);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The rules of trustedFolders.json (comments allowed); an absent or malformed file has none. */
async function readRules(path: string): Promise<Record<string, unknown>> {
  const read = await readRegularFile(path, SIZE_CAPS.agentState);
  if (!read.ok) return {};
  try {
    const value: unknown = JSON.parse(stripComments(read.bytes.toString('utf8')));
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}

/** Removes `//` and block comments outside strings (Gemini reads the file through strip-json-comments). */
function stripComments(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_match, string: string | undefined) => string ?? '');
}
