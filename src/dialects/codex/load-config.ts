import { userInfo } from 'node:os';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { loadCodexFamilyConfig } from '../openinterpreter/load-config.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every codex layer as openinterpreter does (skip what is broken, run the rest), then gives
 * each command the shell Codex runs hooks with.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const config = await loadCodexFamilyConfig(configSpec, context);
  const shell = hookShell(context);
  return { ...config, handlers: config.handlers.map((handler) => ({ ...handler, launch: { kind: 'process', argv: [shell, '-c', handler.command] } })) };
}

/**
 * Codex runs a hook as `<the user's shell> -c <command>`, not a login shell (SPEC-dialects 9.7;
 * codex-rs/core/src/session/mod.rs build_hooks_config, core/src/shell.rs). hookctl takes the
 * account's login shell from the password database when it is bash, zsh or sh, else `/bin/sh`;
 * the engine option `shell` overrides both.
 */
export function hookShell(context: Pick<LoadContext, 'shell'>): string {
  if (context.shell !== undefined && context.shell !== '') return context.shell;
  let shell: string | null = null;
  try {
    shell = userInfo().shell;
  } catch {
    // No password entry for this uid (a container): fall back like Codex without a known shell.
  }
  return shell !== null && /(?:^|\/)(?:bash|zsh|sh)$/.test(shell) ? shell : '/bin/sh';
}
