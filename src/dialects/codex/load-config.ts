import { userInfo } from 'node:os';
import type { CompiledMatcher, HandlerRecord, LoadContext, LoadedConfig } from '../../kit/index.js';
import { declaredLoader } from '../../load/load-declared.js';
import { configSpec } from './config-spec.js';
import { CODEX_EVENTS } from './events.js';

/**
 * Loads every codex layer as openinterpreter does (the declared pipeline: skip what is broken, run
 * the rest; Codex's `[features] hooks` decision; a config.toml `[hooks]` type error stops the load),
 * then puts the hooks in Codex's order and gives each command the shell Codex runs hooks with.
 */
export const loadConfig: (context: LoadContext) => Promise<LoadedConfig> = declaredLoader({
  spec: configSpec,
  finish: (config, { context }) => {
    const shell = hookShell(context);
    const env = shellEnvironment(shell, context.env);
    return {
      ...config,
      handlers: inDisplayOrder(config.handlers).map((handler) => ({
        ...handler,
        matcher: MATCHERLESS.has(handler.event) ? IGNORED_MATCHER : handler.matcher,
        launch: { kind: 'process', argv: [shell, '-c', handler.command] },
        ...(env === null ? {} : { env: { ...env, ...handler.env } }),
      })),
    };
  },
});

/**
 * Codex's order within one file: its fixed event order, then configured order (config/src/hook_config.rs
 * `into_matcher_groups`, hooks/src/engine/discovery.rs `display_order`). `hooks/list` and the order
 * hooks run in follow it; the file order of the layers is kept.
 */
const EVENT_ORDER = [
  'PreModelRequest',
  'PostModelRequest',
  'PreToolUse',
  'PermissionRequest',
  'PostToolUse',
  'PreCompact',
  'PostCompact',
  'SessionStart',
  'SessionEnd',
  'UserPromptSubmit',
  'SubagentStart',
  'SubagentStop',
  'Stop',
  'Interrupt',
];

function inDisplayOrder(handlers: readonly HandlerRecord[]): HandlerRecord[] {
  const rank = (event: string) => {
    const index = EVENT_ORDER.indexOf(event);
    return index < 0 ? EVENT_ORDER.length : index;
  };
  const ordered: HandlerRecord[] = [];
  let run: HandlerRecord[] = [];
  const flush = () => {
    ordered.push(...run.sort((a, b) => rank(a.event) - rank(b.event)));
    run = [];
  };
  for (const handler of handlers) {
    if (run.length > 0 && (run[0]!.file !== handler.file || run[0]!.source !== handler.source)) flush();
    run.push(handler);
  }
  flush();
  return ordered;
}

/** Events whose matcher Codex ignores: it lists them as `null` (discovery.rs matcher_pattern_for_event). */
const MATCHERLESS: ReadonlySet<string> = new Set(CODEX_EVENTS.filter((event) => event.matcherField === null).map((event) => event.name));

const IGNORED_MATCHER: CompiledMatcher = { source: null, kind: 'all', test: () => true };

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
