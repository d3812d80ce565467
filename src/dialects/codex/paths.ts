import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { LoadContext } from '../../kit/index.js';

/** Where Codex keeps its config (SPEC-dialects 9.1). */
export interface CodexPaths {
  /** `<C>`: `$CODEX_HOME` when set and not empty, else `~/.codex` (codex-rs/utils/home-dir/src/lib.rs). */
  home: string;
  /** The managed requirements file: `/etc/codex/requirements.toml`, or `--managed FILE`. */
  requirements: string;
  /**
   * The directory of the machine-wide layers (`hooks.json`, `config.toml`, `managed_config.toml`):
   * `/etc/codex`, or the directory of `--managed FILE`, so one flag moves every managed layer.
   */
  systemDir: string;
}

const SYSTEM_DIR = '/etc/codex';

export function codexPaths(context: LoadContext): CodexPaths {
  const requirements =
    context.managedConfigPath === undefined ? join(SYSTEM_DIR, 'requirements.toml') : resolve(context.cwd, context.managedConfigPath);
  return { home: codexHome(context), requirements, systemDir: dirname(requirements) };
}

/** `$CODEX_HOME` canonicalised as Codex does (it must exist), else `<home>/.codex`. */
export function codexHome(context: Pick<LoadContext, 'home' | 'env' | 'cwd'>): string {
  const moved = context.env.CODEX_HOME;
  if (moved === undefined || moved === '') return join(context.home, '.codex');
  const absolute = resolve(context.cwd, moved);
  return canonical(absolute);
}

/** The path with symlinks resolved (Rust `canonicalize`), or as given when it does not exist. */
export function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** The path Codex shows for the `-c` session layer, and keys its hooks by (discovery.rs synthetic_layer_path). */
export const SESSION_LAYER_PATH = '/<session-flags>/config.toml';
