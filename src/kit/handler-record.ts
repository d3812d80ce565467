/** Where a handler was declared. Also the order layers are reported in. */
export type HandlerSource = 'managed' | 'user' | 'project' | 'plugin' | 'env' | 'builtin';

/** Trust status of a handler; see SPEC 2.7 / 3.1. */
export type TrustStatus = 'managed' | 'trusted' | 'modified' | 'untrusted';

/** A matcher compiled once per load (SPEC 2.3). `test` gets the candidate names of one dispatch. */
export interface CompiledMatcher {
  /** The matcher text as written, or null when absent. */
  readonly source: string | null;
  readonly kind: 'all' | 'exact' | 'regex';
  test(candidate: string): boolean;
}

/**
 * One normalised hook handler with its provenance. Produced by the config stage for every
 * dialect; everything downstream (lint, trust, select, run, report) reads only this shape.
 */
export interface HandlerRecord {
  readonly dialect: string;
  /** The handler's own `id`, else `<source>:<event>:<group>:<handler>`. */
  readonly id: string;
  /**
   * The id the hook declared (or derived) when another hook of the load had it first and this one
   * was loaded as `id#2`, `id#3`…; absent when `id` is the declared one.
   */
  readonly declaredId?: string;
  /** True when `id` was written in the config rather than derived from position. */
  readonly explicitId: boolean;
  readonly source: HandlerSource;
  /** Absolute path of the declaring file; null for env-compat and built-in hooks. */
  readonly file: string | null;
  /** 1-based position of the handler object (or env variable) in its file. */
  readonly line: number | null;
  readonly column: number | null;
  /** Position in the file: index of the matcher group and of the handler inside it. */
  readonly position: { readonly group: number; readonly handler: number };
  readonly event: string;
  readonly matcher: CompiledMatcher;
  readonly type: 'command';
  readonly command: string;
  readonly timeoutMs: number;
  readonly async: boolean;
  readonly statusMessage: string | null;
  readonly onFailure: 'continue' | 'abort';
  /** Extra environment for the command (plugin PLUGIN_ROOT / PLUGIN_DATA). */
  readonly env: Readonly<Record<string, string>>;
  /** Plugin name for plugin-layer hooks, else null. */
  readonly plugin: string | null;
  /** A directory the hook may keep state in, created before its first run (plugin `PLUGIN_DATA`). */
  readonly dataDir?: string;
  /**
   * `sha256:<hex>` of the text the declaring file was parsed from (UTF-8; for a UTF-8 file, its
   * bytes), when the loader records it (octo). Trust fingerprints exactly what was parsed instead
   * of re-reading a file that may have changed since.
   */
  readonly fileSha256?: string;
}
