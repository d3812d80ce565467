import { createHash } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding, Severity } from '../../kit/finding.js';
import { placeholdersOf, type MessageMap } from '../message.js';
import type { RuleMeta } from '../rule.js';
import type { LintResult } from '../run-lint.js';
import { displayPath } from '../../util/display-path.js';
import type { ReporterOptions } from './report.js';
import { readRegularFileSync, SIZE_CAPS } from '../../util/regular-file.js';

const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
const LEVELS: Readonly<Record<Severity, 'error' | 'warning' | 'note'>> = { error: 'error', warning: 'warning', info: 'note' };
/** Files inside the repository are given relative to this base (its root), so the log is portable. */
const SOURCE_ROOT = '%SRCROOT%';
/**
 * The partialFingerprints key (SARIF 3.27.17: a versioned name; the value's meaning never changes
 * under it). See `fingerprints` for what it hashes.
 */
export const FINGERPRINT_KEY = 'hookctlFindingHash/v1';

/** SARIF 2.1.0 for code-scanning tools (GitHub code scanning, IDE viewers): one run, every rule described. */
export function formatSarif(result: LintResult, options: ReporterOptions): string {
  const ruleIndex = new Map(result.rules.map((rule, index) => [rule.id, index]));
  const rulesById = new Map(result.rules.map((rule) => [rule.id, rule]));
  const docsBase = `https://unpkg.com/hookctl@${options.version}/`;
  const fingerprints = fingerprintsOf(result.findings, options.root);
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
              messageStrings: messageStrings(rule.messages),
            })),
          },
        },
        // Every relative `uri` is relative to the repository root, which is also how GitHub code
        // scanning reads a relative uri; the base records where that root was on this machine.
        originalUriBaseIds: { [SOURCE_ROOT]: { uri: directoryUri(options.root), description: { text: 'The repository root.' } } },
        // Finding columns count UTF-16 code units (JavaScript string indices); SARIF's default is
        // Unicode code points, which would shift every column after an astral character.
        columnKind: 'utf16CodeUnits',
        ...invocations(result, ruleIndex),
        results: result.findings.map((finding, index) => ({
          ruleId: finding.ruleId,
          ...(ruleIndex.has(finding.ruleId) ? { ruleIndex: ruleIndex.get(finding.ruleId) } : {}),
          level: LEVELS[finding.severity],
          message: resultMessage(finding, rulesById.get(finding.ruleId)),
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(finding.file, options.root),
                region: { startLine: finding.line, startColumn: finding.column },
              },
            },
          ],
          partialFingerprints: { [FINGERPRINT_KEY]: fingerprints[index] },
        })),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

/**
 * The repository's rule settings as SARIF records them (§3.20.5 ruleConfigurationOverrides): each
 * re-levelled rule with its level, each rule turned off as not enabled. The rules' own
 * defaultConfiguration stays what hookctl ships; every result already carries its effective level.
 */
function invocations(result: LintResult, ruleIndex: ReadonlyMap<string, number>): { invocations?: unknown[] } {
  if (result.levels === undefined || result.levels.size === 0) return {};
  const ruleConfigurationOverrides = [...result.levels].map(([id, level]) => ({
    descriptor: { id, ...(ruleIndex.has(id) ? { index: ruleIndex.get(id) } : {}) },
    configuration: level === 'off' ? { enabled: false } : { level: LEVELS[level] },
  }));
  return { invocations: [{ executionSuccessful: true, ruleConfigurationOverrides }] };
}

/**
 * A stable identity per finding, so code scanning keeps an alert (and its dismissal) across runs
 * and when lines are inserted above it: sha256 of the rule id, the file's URI as written in the log
 * (relative inside the repository) and the text of the finding's line with whitespace collapsed — not
 * the line or column number, and not the message, which can name machine-specific absolute paths.
 * Where the line cannot be read (a pseudo-path such as `env:OCTO_HOOK_STOP`, a file gone since) the
 * message stands in for it. Equal hashes (the same rule on identical lines) are told apart by
 * `:<n>`, their order in the file.
 */
function fingerprintsOf(findings: readonly Finding[], root: string): string[] {
  const lines = new Map<string, string[] | null>();
  const linesOf = (file: string) => {
    if (!lines.has(file)) lines.set(file, readLines(file));
    return lines.get(file)!;
  };
  const seen = new Map<string, number>();
  return findings.map((finding) => {
    const text = linesOf(finding.file)?.[finding.line - 1];
    const subject = text === undefined ? `message:${finding.message}` : `line:${text.trim().replace(/\s+/g, ' ')}`;
    const hash = createHash('sha256')
      .update([finding.ruleId, artifactLocation(finding.file, root).uri, subject].join('\0'))
      .digest('hex')
      .slice(0, 32);
    const occurrence = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, occurrence);
    return `${hash}:${occurrence}`;
  });
}

/** The lines of a finding's file; null when it is not a regular file under the cap (util/regular-file.ts). */
function readLines(file: string): string[] | null {
  if (!isAbsolute(file)) return null;
  const read = readRegularFileSync(file, SIZE_CAPS.configJson);
  return read.ok ? read.bytes.toString('utf8').split(/\r?\n/) : null;
}

/**
 * The rule's messages as SARIF message strings (§3.49.11): each `{{name}}` becomes `{n}`, numbered by
 * first appearance (the order of the result's `arguments`), and literal braces are doubled (§3.11.5).
 */
function messageStrings(messages: MessageMap): Record<string, { text: string }> {
  return Object.fromEntries(Object.entries(messages).map(([id, template]) => [id, { text: sarifFormat(template) }]));
}

function sarifFormat(template: string): string {
  const names = placeholdersOf(template);
  return template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      return name === undefined ? part.replace(/[{}]/g, '$&$&') : `{${names.indexOf(name)}}`;
    })
    .join('');
}

/**
 * The finding's text, plus the message id and arguments that rebuild it from the rule's
 * `messageStrings`, for viewers that localise or group results by message.
 */
function resultMessage(finding: Finding, rule: RuleMeta | undefined): { text: string; id?: string; arguments?: string[] } {
  if (rule === undefined || !Object.hasOwn(rule.messages, finding.messageId)) return { text: finding.message };
  const names = placeholdersOf(rule.messages[finding.messageId]!);
  if (names.length === 0) return { text: finding.message, id: finding.messageId };
  return { text: finding.message, id: finding.messageId, arguments: names.map((name) => finding.data?.[name] ?? '') };
}

/** SARIF 3.14.14: a base URI ends with a slash. */
function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** Relative to %SRCROOT% inside the repository; a file: URI outside it; pseudo-paths (`env:…`) as they are. */
function artifactLocation(file: string, root: string): { uri: string; uriBaseId?: string } {
  if (!isAbsolute(file)) return { uri: file };
  const shown = displayPath(file, root);
  if (isAbsolute(shown)) return { uri: pathToFileURL(file).href };
  return { uri: shown.split('/').map(encodeURIComponent).join('/'), uriBaseId: SOURCE_ROOT };
}
