import type { HandlerRecord } from '../../kit/handler-record.js';
import { UsageError } from '../../errors.js';
import type { TrustAuthority, TrustContext, TrustUnit } from '../../kit/trust-authority.js';
import { describeHook } from '../../trust/describe-hook.js';
import {
  mergeScriptHashes,
  projectScriptHashes,
  projectScriptWatchPaths,
  scriptChange,
  scriptCoverage,
  type ScriptHashes,
} from '../../trust/project-scripts.js';
import { projectTrustStorePath, readProjectTrustStore, updateProjectTrustStore } from './project-store.js';
import type { HandlerTrust } from '../../kit/index.js';

/**
 * octo trust (SPEC 3.1): a project hooks file runs only while its fingerprint (sha256 of its bytes)
 * and the project scripts its commands run match what a person trusted. User, env-compat and
 * built-in hooks are the user's own and need no trust. Any edit to the file makes its hooks
 * `modified` (listed as UNTRUSTED, like a never-trusted file, and skipped with reason `modified`).
 */
interface FileAssessment {
  file: string;
  handlers: HandlerRecord[];
  trust: HandlerTrust;
  fingerprint: string;
  scripts: ScriptHashes;
  replaces: string | null;
}

const NO_TRUST_NEEDED: HandlerTrust = { status: 'trusted', enabled: true, hash: null, detail: null };

async function assessFiles(handlers: readonly HandlerRecord[], context: TrustContext): Promise<Map<string, FileAssessment>> {
  const byFile = new Map<string, HandlerRecord[]>();
  for (const handler of handlers) {
    if (handler.source !== 'project' || handler.file === null) continue;
    byFile.set(handler.file, [...(byFile.get(handler.file) ?? []), handler]);
  }
  const assessments = new Map<string, FileAssessment>();
  if (byFile.size === 0) return assessments;
  const store = await readProjectTrustStore(context.home);
  for (const [file, fileHandlers] of byFile) {
    const fingerprint = parsedFingerprint(file, fileHandlers);
    // Resolved where the hooks run: a dispatch in another cwd reaches other files (SPEC 6.1.2).
    const scripts = await projectScriptHashes(
      fileHandlers.map((handler) => handler.command),
      context.runDir ?? context.projectDir,
      context.projectDir,
    );
    const trusted = store.projects[file];
    let trust: HandlerTrust;
    if (trusted === undefined) trust = { status: 'untrusted', enabled: true, hash: fingerprint, detail: null };
    else if (trusted.fingerprint !== fingerprint) {
      trust = { status: 'modified', enabled: true, hash: fingerprint, detail: 'hooks file changed since it was trusted' };
    } else {
      const detail = scriptChange(trusted.scripts, scripts, context.projectDir);
      trust = { status: detail === null ? 'trusted' : 'modified', enabled: true, hash: fingerprint, detail };
    }
    const replaces = trusted !== undefined && trusted.fingerprint !== fingerprint ? trusted.fingerprint : null;
    assessments.set(file, { file, handlers: fileHandlers, trust, fingerprint, scripts, replaces });
  }
  return assessments;
}

/**
 * The fingerprint of the bytes these hooks were parsed from, as the loader recorded it. Reading
 * the file again here would let it change between parsing and the trust decision, so trusted
 * bytes could stand in for the hooks that actually run.
 */
function parsedFingerprint(file: string, handlers: readonly HandlerRecord[]): string {
  const fingerprint = handlers[0]?.fileSha256;
  if (fingerprint === undefined) throw new Error(`octo project hooks from ${file} carry no fileSha256: load them with the octo loader`);
  return fingerprint;
}

function unitOf(assessment: FileAssessment, context: TrustContext): TrustUnit {
  const { file, handlers, trust, fingerprint, scripts, replaces } = assessment;
  const runDir = context.runDir ?? context.projectDir;
  const review = [`fingerprint: ${fingerprint}`];
  if (trust.detail !== null) review.push(`changed since it was trusted: ${trust.detail}`);
  handlers.forEach((handler, index) => {
    const coverage = scriptCoverage(handler.command, runDir, context.projectDir);
    review.push(`hook ${index + 1} of ${handlers.length}:`, ...describeHook(handler, coverage).map((line) => `  ${line}`));
  });
  return { label: `project hooks file ${file}`, status: trust.status, handlers, hash: fingerprint, replaces, scripts, review };
}

export const trust: TrustAuthority = {
  async evaluate(handlers, context) {
    const files = await assessFiles(handlers, context);
    return handlers.map((handler) => (handler.file !== null && files.get(handler.file)?.trust) || NO_TRUST_NEEDED);
  },

  async watchPaths(handlers, context) {
    // The same files evaluate() hashes, found the same way, so the two can not drift apart.
    const projectCommands = handlers.filter((handler) => handler.source === 'project').map((handler) => handler.command);
    return [
      projectTrustStorePath(context.home),
      ...(await projectScriptWatchPaths(projectCommands, context.runDir ?? context.projectDir, context.projectDir)),
    ];
  },

  async units(selected, all, context) {
    const wanted = new Set(selected.map((handler) => handler.file));
    return [...(await assessFiles(all, context)).values()]
      .filter((a) => wanted.has(a.file))
      .map((assessment) => unitOf(assessment, context));
  },

  async trust(units, context) {
    const trustedAt = new Date().toISOString();
    await updateProjectTrustStore(context.home, (store) => {
      for (const unit of units) {
        const file = unit.handlers[0]!.file!;
        const earlier = store.projects[file];
        // Files recorded when the same bytes were trusted from another run dir stay trusted there.
        const scripts = mergeScriptHashes(earlier?.fingerprint === unit.hash ? earlier.scripts : undefined, unit.scripts);
        store.projects[file] = { fingerprint: unit.hash, scripts, trustedAt };
      }
    });
  },

  async untrust(units, context) {
    await updateProjectTrustStore(context.home, (store) => {
      for (const unit of units) delete store.projects[unit.handlers[0]!.file!];
    });
  },

  async setEnabled() {
    throw new UsageError(
      'octo has no per-hook enable/disable: remove the hook from its hooks.yml, or `hookctl untrust` the project hooks file',
    );
  },
};
