/** The `--format` values of `hookctl lint`; kept import-free so the CLI can list them at start-up. */
export const LINT_FORMATS = ['stylish', 'json', 'github', 'sarif'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];
