import type { ConfigFile } from '../../config/config-file.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import type { Finding } from '../../kit/finding.js';
import { declaredLoader } from '../../load/load-declared.js';
import { sha256 } from '../../trust/hash.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { readProjectTrustStore } from './project-store.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every octo layer under its runtime policy (SPEC 3.2, `onError: 'refuse'`): nothing runs
 * half-configured, so every error (unknown event, async where not allowed, missing command, syntax
 * error…) in a file that would run is fatal and the engine refuses to start, listing them all.
 * Warnings (ignored matcher, bad timeout) are not. A project file that would not run — never
 * trusted, or edited since — is dormant: its errors are reported, never a reason for the user's
 * hooks not to run (SPEC 3.2, 6.1.1), or a repository could switch every hook off by committing a typo.
 */
export const loadConfig: (context: LoadContext) => Promise<LoadedConfig> = declaredLoader({
  spec: configSpec,
  dormant: dormantProjectFiles,
  finish: (config, { files }) => ({ ...config, handlers: withFileFingerprints(config.handlers, fingerprintsOf(files)) }),
});

function fingerprintsOf(files: readonly ConfigFile[]): Map<string, string> {
  return new Map(files.map((file) => [file.parsed.path, sha256(file.parsed.text)]));
}

/**
 * The project files with errors that will not run: not trusted at their current fingerprint, and
 * no trust bypass. The trust store is read only when such a file has errors at all.
 */
async function dormantProjectFiles(files: readonly ConfigFile[], findings: readonly Finding[], context: LoadContext): Promise<Set<string>> {
  const withErrors = new Set(findings.filter((finding) => finding.severity === 'error').map((finding) => finding.file));
  const candidates = files.filter((file) => file.source === 'project' && withErrors.has(file.parsed.path));
  if (candidates.length === 0 || context.bypassTrust === true) return new Set();
  const store = await readProjectTrustStore(context.home);
  const fingerprints = fingerprintsOf(candidates);
  return new Set(candidates.map((file) => file.parsed.path).filter((path) => store.projects[path]?.fingerprint !== fingerprints.get(path)));
}

/** Each file-declared handler carries the fingerprint of the text it was parsed from (project trust, SPEC 3.1). */
function withFileFingerprints(handlers: HandlerRecord[], fingerprints: ReadonlyMap<string, string>): HandlerRecord[] {
  return handlers.map((handler) => {
    const fileSha256 = handler.file === null ? undefined : fingerprints.get(handler.file);
    return fileSha256 === undefined ? handler : { ...handler, fileSha256 };
  });
}
