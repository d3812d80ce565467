import { join } from 'node:path';
import { discoveredFile } from '../../config/discovered-file.js';
import { editToml, TomlEditError } from '../../config/edit-toml.js';
import { directoriesDownTo } from '../../config/find-project-root.js';
import { ConfigWriteError } from '../../errors.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import { sessionValues } from '../../kit/load-context.js';
import type { ProjectGate, TrustContext } from '../../kit/trust-authority.js';
import { updateTextFile } from '../../trust/locked-text-file.js';
import { directoryAt } from '../../util/regular-file.js';
import { settingsOf } from './config-layers.js';
import { codexPaths } from './paths.js';
import { projectTrust } from './project-trust.js';

/**
 * Codex loads no project config — hooks included — until the user trusts the project, so hook trust
 * recorded for an untrusted project never applies. The gate names the `[projects."<key>"]` entries
 * that would lift it: for each project `.codex/` from the project root down to the cwd that Codex
 * skips, the key that decides it (an entry already there, else the one Codex's own message names).
 */
export async function codexProjectGate(handlers: readonly HandlerRecord[], context: TrustContext): Promise<ProjectGate | null> {
  const held = handlers.filter((handler) => handler.unrunnable?.reason === 'workspace-untrusted');
  if (held.length === 0) return null;
  const paths = codexPaths(context);
  const file = join(paths.home, 'config.toml');
  // The same user-level layers the loader decides project trust from (system, user, `--config`).
  const [system, user] = await Promise.all([
    discoveredFile(join(paths.systemDir, 'config.toml'), 'toml', { source: 'managed', role: 'inline-config' }),
    discoveredFile(file, 'toml', { source: 'user', role: 'inline-config' }),
  ]);
  const overrides = sessionValues(context, 'config');
  const session = overrides.length === 0 ? null : (await import('./session-layer.js')).sessionLayer(overrides);
  const trust = projectTrust(context.cwd, settingsOf([system, user, session]), file);
  const skipped = directoriesDownTo(trust.root, context.cwd).filter(
    (dir) => directoryAt(join(dir, '.codex')) && trust.disabledReason(dir) !== null,
  );
  const projects = [...new Set(skipped.map((dir) => trust.trustKey(dir)))];
  if (projects.length === 0) return null;
  const entries = projects.map((project) => `[projects.${JSON.stringify(project)}] trust_level = "trusted"`);
  return { reason: held[0]!.unrunnable!.error, projects, file, entries, held: held.length };
}

/**
 * Writes `[projects."<key>"] trust_level = "trusted"` for each key into the user config.toml, as
 * Codex's own trust prompt does: one minimal edit under the file's lock, every other byte kept.
 */
export async function trustCodexProject(gate: ProjectGate): Promise<void> {
  await updateTextFile(gate.file, (text) => {
    try {
      return editToml(
        text ?? '',
        gate.projects.map((project) => ({ table: ['projects', project], key: 'trust_level', value: 'trusted' })),
      );
    } catch (error) {
      if (error instanceof TomlEditError) throw new ConfigWriteError(gate.file, error.message);
      throw error;
    }
  });
}
