import { analyseFiles } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import { LOAD_RULES } from '../../lint/rules/index.js';
import { sha256 } from '../../trust/hash.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { octoWatchPaths } from './config-layers.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every octo layer under its runtime policy (SPEC 3.2): nothing runs half-configured, so
 * every error (unknown event, async where not allowed, missing command, syntax error…) is fatal and
 * the engine refuses to start, listing them all. Warnings (ignored matcher, bad timeout) are not.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const files = await configSpec.discover(context);
  const analysis = analyseFiles(files, configSpec, LOAD_RULES, context.cwd);
  return {
    enabled: true,
    managedOnly: false,
    handlers: withFileFingerprints(normalizeHandlers(analysis.checked, configSpec, analysis.invalidated), files),
    files: files.filter((file) => file.role !== 'env' && file.role !== 'unread').map((file) => file.parsed.path),
    watchPaths: octoWatchPaths(context),
    findings: analysis.findings.map((finding) => (finding.severity === 'error' ? { ...finding, fatal: true } : finding)),
  };
}

/** Each file-declared handler carries the fingerprint of the text it was parsed from (project trust, SPEC 3.1). */
function withFileFingerprints(handlers: HandlerRecord[], files: readonly ConfigFile[]): HandlerRecord[] {
  const fingerprints = new Map(files.map((file) => [file.parsed.path, sha256(file.parsed.text)]));
  return handlers.map((handler) => {
    const fileSha256 = handler.file === null ? undefined : fingerprints.get(handler.file);
    return fileSha256 === undefined ? handler : { ...handler, fileSha256 };
  });
}
