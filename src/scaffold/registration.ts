import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DialectScaffolding, RegisterEdit, RegistrationEntry } from '../kit/index.js';

export interface RegisterResult {
  status: RegisterEdit['status'];
  /** Absolute path of the config file. */
  file: string;
}

/** A checked edit of the project config, not yet written. */
export interface PlannedRegistration {
  /** Absolute path of the config file. */
  file: string;
  edit: RegisterEdit;
}

/**
 * Works out how to add the entry to the project's hook config (creating the file when absent),
 * preserving every other byte of it, without writing anything: a config that cannot take the entry
 * throws RegisterError here, before the caller writes the script. Idempotent: an entry whose
 * command is already registered for the event plans no change.
 */
export function planRegistration(scaffolding: DialectScaffolding, projectDir: string, entry: RegistrationEntry): PlannedRegistration {
  const file = join(projectDir, scaffolding.projectConfigFile);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
  return { file, edit: scaffolding.register(before, file, entry) };
}

/** Writes a planned edit (nothing when the hook was already registered). */
export function applyRegistration({ file, edit }: PlannedRegistration): RegisterResult {
  if (edit.status !== 'already-registered') {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, edit.text);
  }
  return { status: edit.status, file };
}

/** The config text a fresh project file would hold for the entry: the snippet to add by hand. */
export function configSnippet(scaffolding: DialectScaffolding, entry: RegistrationEntry): string {
  return scaffolding.register(null, scaffolding.projectConfigFile, entry).text;
}
