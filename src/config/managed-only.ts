import type { ConfigFile } from './config-file.js';
import type { DialectConfigSpec } from './config-spec.js';
import { setField } from './field-value.js';

/** Said wherever a broken managed requirements file is reported: why nothing but managed hooks runs. */
export const HELD_BACK = 'non-managed hooks are held back until this managed requirements file is fixed';

/**
 * The managed-only switch a file can set (`allow_managed_hooks_only`), or undefined when the file
 * is not the dialect's managed requirements file.
 */
export function managedOnlyKey(file: ConfigFile, spec: DialectConfigSpec): string | undefined {
  return file.role === 'managed-requirements' ? spec.policy.managedOnlyKey : undefined;
}

/**
 * Whether only managed hooks may run (SPEC 2.1). The switch is a policy an administrator set, so
 * it fails closed: a managed requirements file that exists but cannot be read or parsed, or whose
 * switch is not a boolean, holds non-managed hooks back as if it were true (the rules that report
 * the problem say so). No managed file means no such policy.
 */
export function isManagedOnly(files: readonly ConfigFile[], spec: DialectConfigSpec): boolean {
  for (const file of files) {
    const key = managedOnlyKey(file, spec);
    if (key === undefined) continue;
    const root = file.parsed.root;
    if (root?.kind !== 'object') return true;
    const value = setField(root, key)?.value;
    if (value === undefined) return false;
    return !(value.kind === 'scalar' && value.value === false);
  }
  return false;
}
