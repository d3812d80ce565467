import type { ConfigFile } from '../../config/config-file.js';
import { setField } from '../../config/field-value.js';
import type { SourceObject } from '../../config/source-tree.js';

/** The settings of Gemini CLI's hook system that hookctl reads, merged over the settings layers. */
export interface GeminiHookSettings {
  /** `hooksConfig.disabled`: names (or commands) that do not run; lists of every layer add up. */
  disabled: ReadonlySet<string>;
  /** `security.folderTrust.enabled: false` in the user or system settings. */
  folderTrustOff: boolean;
  /** `security.environmentVariableRedaction` (each key: the last layer that sets it wins). */
  redaction: EnvironmentRedaction;
  /** `general.plan.directory` as written (last layer wins); Gemini resolves it against the project root. */
  plansDirectory: string | null;
  /** `security.allowedExtensions` and `security.blockGitExtensions` (each: the last layer that sets it wins). */
  extensionSecurity: { allowed: readonly string[]; blockGit: boolean };
  /** `experimental.extensionConfig` (true by default): extension settings reach their hooks. */
  extensionConfig: boolean;
}

/** Gemini CLI's sanitizationConfig, as config.ts builds it from the settings. */
export interface EnvironmentRedaction {
  enabled: boolean;
  allowed: readonly string[];
  blocked: readonly string[];
}

/**
 * The settings files Gemini reads, in merge order (system defaults, user, workspace, system
 * settings: settings.ts mergeSettings); `workspaceTrusted` false drops the workspace file as Gemini
 * does (`safeWorkspace`). `hooksConfig.enabled` is read from these by the load policy (config-spec.ts).
 */
export function settingsRead(files: readonly ConfigFile[], workspaceTrusted: boolean): ConfigFile[] {
  return files.filter((file) => file.role === 'inline-config' && (workspaceTrusted || file.source !== 'project'));
}

/**
 * Reads the switches from the settings files Gemini reads (settingsRead); folder trust itself is
 * never read from the workspace.
 */
export function geminiHookSettings(files: readonly ConfigFile[], workspaceTrusted: boolean): GeminiHookSettings {
  let folderTrustOff = false;
  const disabled = new Set<string>();
  const redaction = { enabled: false, allowed: [] as string[], blocked: [] as string[] };
  let plansDirectory: string | null = null;
  const extensionSecurity = { allowed: [] as string[], blockGit: false };
  let extensionConfig = true;
  for (const file of settingsRead(files, true)) {
    const root = file.parsed.root;
    if (root?.kind !== 'object') continue;
    if (file.source !== 'project') {
      const enabled = objectAt(objectAt(root, 'security'), 'folderTrust');
      const value = enabled && setField(enabled, 'enabled')?.value;
      if (value?.kind === 'scalar' && typeof value.value === 'boolean') folderTrustOff = value.value === false;
    }
    if (file.source === 'project' && !workspaceTrusted) continue;
    readRedaction(objectAt(objectAt(root, 'security'), 'environmentVariableRedaction'), redaction);
    const directory = scalarAt(objectAt(objectAt(root, 'general'), 'plan'), 'directory');
    if (typeof directory === 'string' && directory !== '') plansDirectory = directory;
    const security = objectAt(root, 'security');
    const blockGit = scalarAt(security, 'blockGitExtensions');
    if (typeof blockGit === 'boolean') extensionSecurity.blockGit = blockGit;
    const allowed = security === undefined ? undefined : setField(security, 'allowedExtensions')?.value;
    if (allowed?.kind === 'array')
      extensionSecurity.allowed = allowed.items.flatMap((item) =>
        item.kind === 'scalar' && typeof item.value === 'string' ? [item.value] : [],
      );
    const extensionSettings = scalarAt(objectAt(root, 'experimental'), 'extensionConfig');
    if (typeof extensionSettings === 'boolean') extensionConfig = extensionSettings;
    const hooksConfig = objectAt(root, 'hooksConfig');
    if (hooksConfig === undefined) continue;
    const list = setField(hooksConfig, 'disabled')?.value;
    if (list?.kind === 'array') {
      for (const item of list.items) if (item.kind === 'scalar' && typeof item.value === 'string') disabled.add(item.value);
    }
  }
  return { disabled, folderTrustOff, redaction, plansDirectory, extensionSecurity, extensionConfig };
}

/** Arrays in Gemini's settings merge by replacement unless the schema says union; these do not. */
function readRedaction(object: SourceObject | undefined, into: { enabled: boolean; allowed: string[]; blocked: string[] }): void {
  if (object === undefined) return;
  const enabled = scalarAt(object, 'enabled');
  if (typeof enabled === 'boolean') into.enabled = enabled;
  for (const key of ['allowed', 'blocked'] as const) {
    const list = setField(object, key)?.value;
    if (list?.kind !== 'array') continue;
    into[key] = list.items.flatMap((item) => (item.kind === 'scalar' && typeof item.value === 'string' ? [item.value] : []));
  }
}

function scalarAt(object: SourceObject | undefined, key: string): unknown {
  const value = object === undefined ? undefined : setField(object, key)?.value;
  return value?.kind === 'scalar' ? value.value : undefined;
}

function objectAt(object: SourceObject | undefined, key: string): SourceObject | undefined {
  const value = object === undefined ? undefined : setField(object, key)?.value;
  return value?.kind === 'object' ? value : undefined;
}
