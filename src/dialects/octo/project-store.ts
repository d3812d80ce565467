import { join } from 'node:path';
import { isPlainObject } from '../../util/is-plain-object.js';
import { readJsonDocument, updateJsonDocument, type JsonDocument } from '../../trust/locked-json-file.js';
import type { ScriptHashes } from '../../trust/project-scripts.js';

/**
 * The octo project trust store, `~/.octo/trusted-projects.json` (docs/trust.md):
 *
 * ```json
 * { "version": 1,
 *   "projects": { "<absolute path of .octo/hooks.yml>": {
 *     "fingerprint": "sha256:…", "scripts": { "<absolute script path>": "sha256:…" | null },
 *     "trustedAt": "…" } } }
 * ```
 */
export interface ProjectTrustStore {
  version: 1;
  projects: Record<string, TrustedProject>;
}

export interface TrustedProject {
  /** sha256 of the hooks file's bytes when it was trusted. */
  fingerprint: string;
  scripts: ScriptHashes;
  trustedAt: string;
}

const PROJECT_TRUST_STORE_VERSION = 1;

export function projectTrustStorePath(home: string): string {
  return join(home, '.octo', 'trusted-projects.json');
}

function projectTrustDocument(home: string): JsonDocument<ProjectTrustStore> {
  return {
    path: projectTrustStorePath(home),
    empty: () => ({ version: PROJECT_TRUST_STORE_VERSION, projects: {} }),
    validate: validateProjectTrustStore,
  };
}

export function readProjectTrustStore(home: string): Promise<ProjectTrustStore> {
  return readJsonDocument(projectTrustDocument(home));
}

export function updateProjectTrustStore(home: string, change: (store: ProjectTrustStore) => void): Promise<ProjectTrustStore> {
  return updateJsonDocument(projectTrustDocument(home), change);
}

function validateProjectTrustStore(value: unknown): { ok: true; value: ProjectTrustStore } | { ok: false; reason: string } {
  if (!isPlainObject(value)) return { ok: false, reason: 'the top level is not an object' };
  if (value.version !== PROJECT_TRUST_STORE_VERSION) {
    return {
      ok: false,
      reason: `unsupported "version" ${JSON.stringify(value.version)} (this hookctl reads version ${PROJECT_TRUST_STORE_VERSION})`,
    };
  }
  if (!isPlainObject(value.projects)) return { ok: false, reason: '"projects" is not an object' };
  for (const [file, entry] of Object.entries(value.projects)) {
    const where = `projects[${JSON.stringify(file)}]`;
    if (!isPlainObject(entry) || typeof entry.fingerprint !== 'string' || typeof entry.trustedAt !== 'string') {
      return { ok: false, reason: `${where} needs "fingerprint" and "trustedAt" strings` };
    }
    if (!isPlainObject(entry.scripts) || Object.values(entry.scripts).some((hash) => hash !== null && typeof hash !== 'string')) {
      return { ok: false, reason: `${where} has no "scripts" object of hashes` };
    }
  }
  return { ok: true, value: value as unknown as ProjectTrustStore };
}
