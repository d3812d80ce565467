import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DialectId } from '../dialects/registry.js';
import { registerInHooksJson } from './register-json.js';
import { registerInHooksYaml } from './register-yaml.js';

/** One command hook to add to a project's hook config. */
export interface RegistrationEntry {
  event: string;
  /** Null when the handler should match everything (no `matcher` key is written). */
  matcher: string | null;
  command: string;
  /**
   * The hook's stable identity (SPEC 2.2 `id`), written where the config has that field
   * (openinterpreter hooks.json); octo's hooks.yml has no `id`, so its editor leaves it out.
   */
  id: string;
}

export interface RegisterEdit {
  status: 'created' | 'added' | 'already-registered';
  /** The file's new text (unchanged when already registered). */
  text: string;
}

export interface RegisterResult {
  status: RegisterEdit['status'];
  /** Absolute path of the config file. */
  file: string;
}

/** The project config file `--register` edits, relative to the project dir. */
export const PROJECT_HOOKS_FILE: Readonly<Record<DialectId, string>> = {
  openinterpreter: join('.openinterpreter', 'hooks.json'),
  octo: join('.octo', 'hooks.yml'),
};

const EDITORS: Readonly<Record<DialectId, typeof registerInHooksJson>> = {
  openinterpreter: registerInHooksJson,
  octo: registerInHooksYaml,
};

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
export function planRegistration(dialectId: DialectId, projectDir: string, entry: RegistrationEntry): PlannedRegistration {
  const file = join(projectDir, PROJECT_HOOKS_FILE[dialectId]);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
  return { file, edit: EDITORS[dialectId](before, file, entry) };
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
export function configSnippet(dialectId: DialectId, entry: RegistrationEntry): string {
  return EDITORS[dialectId](null, PROJECT_HOOKS_FILE[dialectId], entry).text;
}
