import { analyseFiles } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import type { Finding } from '../../kit/finding.js';
import { sha256 } from '../../trust/hash.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { octoWatchPaths } from './config-layers.js';
import { readProjectTrustStore } from './project-store.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every octo layer under its runtime policy (SPEC 3.2): nothing runs half-configured, so
 * every error (unknown event, async where not allowed, missing command, syntax error…) in a file
 * that would run is fatal and the engine refuses to start, listing them all. Warnings (ignored
 * matcher, bad timeout) are not. A project file that would not run — never trusted, or edited
 * since — is only fingerprinted: its errors are reported, never a reason for the user's hooks not
 * to run (SPEC 3.2, 6.1.1), or a repository could switch every hook off by committing a typo.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const files = await configSpec.discover(context);
  const analysis = analyseFiles(files, configSpec, (await import('../../lint/rules/load-rules.js')).LOAD_RULES, context.cwd);
  const fingerprints = new Map(files.map((file) => [file.parsed.path, sha256(file.parsed.text)]));
  const dormant = await dormantProjectFiles(files, analysis.findings, fingerprints, context);
  return {
    enabled: true,
    switchedOff: null,
    managedOnly: false,
    handlers: withFileFingerprints(normalizeHandlers(analysis.checked, configSpec, analysis.invalidated), fingerprints),
    files: files.filter((file) => file.role !== 'env' && file.role !== 'unread').map((file) => file.parsed.path),
    watchPaths: octoWatchPaths(context),
    findings: analysis.findings.map((finding) => {
      if (finding.severity !== 'error') return finding;
      return dormant.has(finding.file) ? { ...finding, fatalIfRun: true } : { ...finding, fatal: true };
    }),
  };
}

/**
 * The project files with errors that will not run: not trusted at their current fingerprint, and
 * no trust bypass. The trust store is read only when such a file has errors at all.
 */
async function dormantProjectFiles(
  files: readonly ConfigFile[],
  findings: readonly Finding[],
  fingerprints: ReadonlyMap<string, string>,
  context: LoadContext,
): Promise<Set<string>> {
  const withErrors = new Set(findings.filter((finding) => finding.severity === 'error').map((finding) => finding.file));
  const candidates = files.filter((file) => file.source === 'project' && withErrors.has(file.parsed.path)).map((file) => file.parsed.path);
  if (candidates.length === 0 || context.bypassTrust === true) return new Set();
  const store = await readProjectTrustStore(context.home);
  return new Set(candidates.filter((path) => store.projects[path]?.fingerprint !== fingerprints.get(path)));
}

/** Each file-declared handler carries the fingerprint of the text it was parsed from (project trust, SPEC 3.1). */
function withFileFingerprints(handlers: HandlerRecord[], fingerprints: ReadonlyMap<string, string>): HandlerRecord[] {
  return handlers.map((handler) => {
    const fileSha256 = handler.file === null ? undefined : fingerprints.get(handler.file);
    return fileSha256 === undefined ? handler : { ...handler, fileSha256 };
  });
}
