import { formatFinding } from '../../kit/finding.js';
import { trustHooks } from '../../trust/operations.js';
import { chooseReviewer } from '../../trust/review-prompt.js';
import type { CommonOptionValues } from '../common-options.js';
import { openCliTrustSession, refuseIdsWithAll } from '../trust-session.js';
import { showText } from '../../util/show-text.js';

export interface TrustOptions extends CommonOptionValues {
  all?: boolean;
  yes?: boolean;
}

/** `hookctl trust`: review each untrusted or modified hook (or trust with --yes) and record the answers. */
export async function trust(ids: readonly string[], options: TrustOptions): Promise<number> {
  refuseIdsWithAll(ids, options.all);
  const session = await openCliTrustSession(options);
  const reviewer = chooseReviewer(options.yes === true);
  try {
    // The errors of the files under review are part of the review (SPEC 3.2).
    for (const finding of session.config.findings.filter((item) => item.severity === 'error'))
      process.stderr.write(`hookctl: ${formatFinding(finding)}\n`);
    const report = await trustHooks(session.authority, session.handlers, session.context, {
      ids: options.all ? [] : ids,
      findings: session.config.findings,
      ...(reviewer.confirm === undefined ? {} : { confirm: reviewer.confirm }),
    });
    // Labels carry hook ids and paths from the config: shown escaped (SPEC 6.1.3).
    const print = (line: string) => process.stdout.write(`${showText(line)}\n`);
    for (const unit of report.trusted) print(`trusted ${unit.label} (${unit.hash})`);
    for (const unit of report.declined) print(`not trusted: ${unit.label}`);
    for (const unit of report.alreadyTrusted) print(`already trusted: ${unit.label}`);
    for (const handler of report.managed) print(`managed, needs no trust: hook ${handler.id}`);
    if (report.trusted.length + report.declined.length + report.alreadyTrusted.length + report.managed.length === 0) {
      print('no hooks need trust');
    }
    return 0;
  } finally {
    reviewer.close();
  }
}
