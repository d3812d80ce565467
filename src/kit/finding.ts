import { showText } from '../util/show-text.js';

export type Severity = 'error' | 'warning' | 'info';

/** One config problem with its position. Shared by lint output and load-time warnings. */
export interface Finding {
  ruleId: string;
  /** Which of the rule's messages (its `meta.messages` key): stable, unlike the text. */
  messageId: string;
  severity: Severity;
  /** The message's template filled with `data`. */
  message: string;
  /** The values of the message's placeholders, as written into `message`; absent when it has none. */
  data?: Readonly<Record<string, string>>;
  /** Absolute path of the file, or a pseudo-path such as `env:OCTO_HOOK_STOP`. */
  file: string;
  line: number;
  column: number;
  /** True when the octo runtime must refuse to load (SPEC 3.2 hard errors). */
  fatal?: boolean;
  /**
   * True for an error in a file that does not run now (an untrusted octo project file) but would
   * be fatal once it did: `hookctl trust` refuses to trust that file until it is fixed.
   */
  fatalIfRun?: boolean;
}

/**
 * A finding as one line: `file:line:col: severity: message (rule-id)`. The message and the path
 * may quote untrusted text: control characters are shown escaped, so the line stays one line.
 */
export function formatFinding(finding: Finding): string {
  return showText(`${finding.file}:${finding.line}:${finding.column}: ${finding.severity}: ${finding.message} (${finding.ruleId})`);
}
