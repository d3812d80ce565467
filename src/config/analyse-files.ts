import type { Finding, Severity } from '../kit/finding.js';
import { formatMessage, stringifyData } from '../kit/message.js';
import type { CheckedFile, InstalledAgent, Rule, RuledConfigSpec } from './rule.js';
import { showText } from '../util/show-text.js';
import type { ConfigFile } from './config-file.js';
import { extractDeclarations } from './declarations.js';
import type { SourceNode } from './source-tree.js';

export interface Analysis {
  checked: CheckedFile[];
  findings: Finding[];
  /** Declarations the rules found unusable; normalisation skips everything inside them. */
  invalidated: Set<SourceNode>;
}

/**
 * Extracts every file's declarations once and runs the given rules over them. `showPath` writes a
 * path inside a message (lint: relative to the repository root); by default paths stay absolute.
 * `lint`, when lint runs (not the runtime loading config): findings keep lint's levels (at load a
 * rule's or a report's `loadSeverity` caps them), and rules see the environment lint runs in.
 * When config loads, the dialect's own load rules (`spec.rules.atLoad`) run after `rules`; lint
 * passes every rule itself, the dialect's lint-only ones included (runLint).
 */
export function analyseFiles(
  files: readonly ConfigFile[],
  spec: RuledConfigSpec,
  coreRules: readonly Rule[],
  projectDir: string,
  showPath: (path: string) => string = (path) => path,
  lint?: { env: Readonly<Record<string, string | undefined>>; installedAgent?: InstalledAgent },
): Analysis {
  const checked = files.map((file) => ({ file, declarations: extractDeclarations(file, spec) }));
  const replaced = new Set(spec.rules?.replaces ?? []);
  const rules = (lint === undefined ? [...coreRules, ...(spec.rules?.atLoad ?? [])] : coreRules).filter(
    (rule) => !replaced.has(rule.meta.id),
  );
  const findings: Finding[] = [];
  const invalidated = new Set<SourceNode>();
  for (const item of checked) {
    const fileFindings: Finding[] = [];
    for (const rule of rules) {
      rule.check({
        spec,
        checked: item,
        all: checked,
        projectDir,
        showPath,
        ...(lint === undefined ? {} : { env: lint.env }),
        ...(lint?.installedAgent === undefined ? {} : { installedAgent: lint.installedAgent }),
        report: ({ messageId, data, pos, invalidates, severity: lowered, loadSeverity }) => {
          const { id, messages } = rule.meta;
          const cap = lint !== undefined ? undefined : (loadSeverity ?? rule.loadSeverity);
          const severity = atMost(lowered ?? rule.meta.severity, cap);
          // Messages quote config text; a person reads them in every format (SPEC 6.1.3).
          const message = showText(formatMessage(id, messages, messageId, data));
          const filled = data === undefined || Object.keys(data).length === 0 ? {} : { data: stringifyData(data) };
          const file = item.file.parsed.path;
          fileFindings.push({ ruleId: id, messageId, severity, message, ...filled, file, line: pos.line, column: pos.column });
          if (invalidates) invalidated.add(invalidates);
        },
      });
    }
    // Files stay in layer order; inside a file, findings read top to bottom.
    findings.push(...fileFindings.sort(byPosition));
  }
  return { checked, findings, invalidated };
}

const RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, error: 2 };

function atMost(severity: Severity, cap: Severity | undefined): Severity {
  return cap !== undefined && RANK[cap] < RANK[severity] ? cap : severity;
}

/** Findings in reading order: by file, line, column. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : byPosition(a, b)));
}

function byPosition(a: Finding, b: Finding): number {
  return a.line - b.line || a.column - b.column;
}
