import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Severity } from '../../kit/finding.js';
import type { LintResult } from '../run-lint.js';
import { displayPath } from '../../util/display-path.js';
import type { ReporterOptions } from './report.js';

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const LEVELS: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };
/** Files inside the project are given relative to this base, so the log is portable. */
const SOURCE_ROOT = '%SRCROOT%';

/** SARIF 2.1.0 for code-scanning tools (GitHub code scanning, IDE viewers): one run, every rule described. */
export function formatSarif(result: LintResult, options: ReporterOptions): string {
  const ruleIndex = new Map(result.rules.map((rule, index) => [rule.id, index]));
  const docsBase = `https://unpkg.com/hookctl@${options.version}/`;
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'hookctl',
            version: options.version,
            informationUri: 'https://www.npmjs.com/package/hookctl',
            rules: result.rules.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.description },
              help: { text: `${rule.description.replace(/[.]?$/, '.')} See ${rule.docs} for a wrong and a right example.` },
              helpUri: docsBase + rule.docs,
              defaultConfiguration: { level: LEVELS[rule.severity] },
            })),
          },
        },
        originalUriBaseIds: { [SOURCE_ROOT]: { uri: pathToFileURL(options.cwd.endsWith('/') ? options.cwd : `${options.cwd}/`).href } },
        results: result.findings.map((finding) => ({
          ruleId: finding.ruleId,
          ...(ruleIndex.has(finding.ruleId) ? { ruleIndex: ruleIndex.get(finding.ruleId) } : {}),
          level: LEVELS[finding.severity],
          message: { text: finding.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(finding.file, options.cwd),
                region: { startLine: finding.line, startColumn: finding.column },
              },
            },
          ],
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/** Relative to %SRCROOT% inside the project; a file: URI outside it; pseudo-paths (`env:…`) as they are. */
function artifactLocation(file: string, cwd: string): { uri: string; uriBaseId?: string } {
  if (!isAbsolute(file)) return { uri: file };
  const shown = displayPath(file, cwd);
  if (isAbsolute(shown)) return { uri: pathToFileURL(file).href };
  return { uri: shown.split('/').map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT };
}
