import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FileWriteError } from '../errors.js';
import type { DialectScaffolding, RegisterEdit, RegistrationEntry } from '../kit/index.js';
import { displayPath } from '../util/display-path.js';
import { AtomicChange, unsafeWriteTarget, WriteFailure } from '../util/safe-write.js';

export interface RegisterResult {
  status: RegisterEdit['status'];
  /** Absolute path of the config file. */
  file: string;
}

/** A checked edit of the project config, not yet written. */
export interface PlannedRegistration {
  /** Absolute path of the config file. */
  file: string;
  /** The project dir: nothing is written outside it. */
  projectDir: string;
  /** Permission bits of the existing config, kept by the rewrite; null when it is created. */
  mode: number | null;
  edit: RegisterEdit;
}

/**
 * Works out how to add the entry to the project's hook config (creating the file when absent),
 * preserving every other byte of it, without writing anything: a config that cannot take the entry
 * throws RegisterError here, before the caller writes the script, and so does a config that is a
 * symlink or sits below one (FileWriteError: it is never read or written through). Idempotent: an
 * entry whose command is already registered for the event plans no change.
 */
export function planRegistration(
  scaffolding: DialectScaffolding,
  projectDir: string,
  entry: RegistrationEntry,
  configFile: string = scaffolding.projectConfigFile,
): PlannedRegistration {
  const file = join(projectDir, configFile);
  const refused = unsafeWriteTarget(projectDir, file);
  if (refused !== null) throw new FileWriteError(displayPath(file, projectDir), refused, true);
  const mode = existingMode(file);
  const before = mode === null ? null : readFileSync(file, 'utf8');
  return { file, projectDir, mode, edit: scaffolding.register(before, file, entry) };
}

/** Several entries added to one file in order, as one planned edit. */
export function planRegistrations(
  scaffolding: DialectScaffolding,
  projectDir: string,
  entries: readonly RegistrationEntry[],
  configFile: string = scaffolding.projectConfigFile,
): PlannedRegistration {
  const [first, ...rest] = entries;
  const plan = planRegistration(scaffolding, projectDir, first!, configFile);
  let { status, text } = plan.edit;
  for (const entry of rest) {
    const next = scaffolding.register(text, plan.file, entry);
    if (next.status !== 'already-registered' && status === 'already-registered') status = 'added';
    text = next.text;
  }
  return { ...plan, edit: { status, text } };
}

/** Adds a planned edit to a change of several files (nothing when the hook was already registered). */
export function stageRegistration(change: AtomicChange, plan: PlannedRegistration): RegisterResult {
  if (plan.edit.status !== 'already-registered') change.stage(plan.file, plan.edit.text, plan.mode ?? undefined);
  return { status: plan.edit.status, file: plan.file };
}

/** Writes a planned edit atomically (nothing when the hook was already registered); the original survives any failure. */
export function applyRegistration(plan: PlannedRegistration): RegisterResult {
  return writeAtomically(plan.projectDir, (change) => stageRegistration(change, plan));
}

/**
 * Runs `stage` on a fresh change and commits it; any failure undoes it all and becomes a
 * FileWriteError naming the file and the reason in one line.
 */
export function writeAtomically<T>(projectDir: string, stage: (change: AtomicChange) => T): T {
  const change = new AtomicChange(projectDir);
  try {
    const result = stage(change);
    change.commit();
    return result;
  } catch (error) {
    change.rollback();
    if (error instanceof WriteFailure) throw new FileWriteError(displayPath(error.path, projectDir), error.message, error.refused);
    throw error;
  }
}

/** The config text a fresh project file would hold for the entry: the snippet to add by hand. */
export function configSnippet(scaffolding: DialectScaffolding, entry: RegistrationEntry): string {
  return scaffolding.register(null, scaffolding.projectConfigFile, entry).text;
}

function existingMode(file: string): number | null {
  try {
    return lstatSync(file).mode & 0o7777;
  } catch {
    return null;
  }
}
