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

/**
 * Adds the entry to the project's hook config (creating the file when absent), preserving every
 * other byte of it. Idempotent: an entry whose command is already registered for the event
 * leaves the file untouched.
 */
export function registerHook(dialectId: DialectId, projectDir: string, entry: RegistrationEntry): RegisterResult {
  const file = join(projectDir, PROJECT_HOOKS_FILE[dialectId]);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const edit = EDITORS[dialectId](before, file, entry);
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
