import { userInfo } from 'node:os';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { loadCodexFamilyConfig } from '../openinterpreter/load-config.js';
import { codexWatchPaths } from './config-layers.js';
import { configSpec } from './config-spec.js';

/**
 * Loads every codex layer as openinterpreter does (skip what is broken, run the rest), then gives
 * each command the shell Codex runs hooks with.
 */
export async function loadConfig(context: LoadContext): Promise<LoadedConfig> {
  const config = await loadCodexFamilyConfig(configSpec, context, codexWatchPaths);
  const shell = hookShell(context);
  const env = shellEnvironment(shell, context.env);
  return {
    ...config,
    handlers: config.handlers.map((handler) => ({
      ...handler,
      launch: { kind: 'process', argv: [shell, '-c', handler.command] },
      ...(env === null ? {} : { env: { ...env, ...handler.env } }),
    })),
  };
}

/**
 * What the shell needs to start as it does under Codex. Node gives a child socket pairs for its
 * standard streams where Codex (Rust) gives pipes, and bash reads `~/.bashrc` when its stdin is a
 * socket and it is the first shell level (Debian and others build it with SSH_SOURCE_BASHRC: it takes
 * the socket for an ssh session). An agent started from a shell has SHLVL set, so bash does not;
 * where SHLVL is missing, hookctl sets it to 1 so `bash -c` stays a plain non-interactive shell.
 */
function shellEnvironment(shell: string, env: Readonly<Record<string, string | undefined>>): Record<string, string> | null {
  return /(?:^|\/)bash$/.test(shell) && env.SHLVL === undefined ? { SHLVL: '1' } : null;
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
