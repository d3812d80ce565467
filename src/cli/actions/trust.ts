import { formatFinding } from '../../kit/finding.js';
import { trustHooks } from '../../trust/operations.js';
import { chooseReviewer, type Reviewer } from '../../trust/review-prompt.js';
import type { TrustSession } from '../../trust/session.js';
import type { ProjectGate } from '../../kit/trust-authority.js';
import { UsageError } from '../../errors.js';
import type { CommonOptionValues } from '../common-context.js';
import { openCliTrustSession, refuseIdsWithAll } from '../trust-session.js';
import { showText } from '../../util/show-text.js';

export interface TrustOptions extends CommonOptionValues {
  all?: boolean;
  yes?: boolean;
  project?: boolean;
}

/** `hookctl trust`: review each untrusted or modified hook (or trust with --yes) and record the answers. */
export async function trust(ids: readonly string[], options: TrustOptions): Promise<number> {
  refuseIdsWithAll(ids, options.all);
  const session = await openCliTrustSession(options);
  const gate = await projectGateOf(session, options);
  const reviewer = chooseReviewer(options.yes === true);
  // Asked for, but neither --yes nor a terminal to confirm on: refused before anything is recorded.
  if (gate !== null && options.project && options.yes !== true && reviewer.ask === undefined) {
    reviewer.close();
    throw new UsageError(
      'refusing to trust the project without confirmation: stdin and stdout are not both a terminal; pass --yes --project',
    );
  }
  try {
    // Said first: the hooks about to be reviewed would not run even once trusted.
    if (gate !== null) {
      const held = gate.held === 1 ? 'its hook does' : `its ${gate.held} hooks do`;
      process.stderr.write(`hookctl: the project is not trusted, so ${held} not run even when trusted: ${showText(gate.reason)}\n`);
    }
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
    if (gate !== null) await offerProjectTrust(session, gate, options, reviewer, print);
    return 0;
  } finally {
    reviewer.close();
  }
}

/** The project trust still missing, or null; `--project` where the dialect has none is refused. */
async function projectGateOf(session: TrustSession, options: TrustOptions): Promise<ProjectGate | null> {
  const { authority } = session;
  if (authority.projectGate === undefined || authority.trustProject === undefined) {
    if (options.project)
      throw new UsageError(`--project: the ${session.dialect.manifest.id} dialect has no project trust apart from its hooks`);
    return null;
  }
  return authority.projectGate(session.handlers, session.context);
}

/**
 * Project trust is recorded only when asked for: `--yes --project`, or a "y" on a terminal. Without
 * either, the command says what it would write and how to ask for it.
 */
async function offerProjectTrust(
  session: TrustSession,
  gate: ProjectGate,
  options: TrustOptions,
  reviewer: Reviewer,
  print: (line: string) => void,
): Promise<void> {
  if (gate.blocked !== undefined) {
    process.stderr.write(`hookctl: the project stays untrusted: ${showText(gate.blocked)}\n`);
    return;
  }
  const what = `${gate.entries.join(', ')} in ${gate.file}`;
  let accepted = options.yes === true && options.project === true;
  if (!accepted && reviewer.ask !== undefined) accepted = await reviewer.ask(`Trust the project too (${showText(what)})?`);
  if (!accepted) {
    const how = reviewer.ask === undefined ? 'pass --yes --project to record it' : 'answer y to record it';
    process.stderr.write(`hookctl: the project stays untrusted (${how}: ${showText(what)})\n`);
    return;
  }
  await session.authority.trustProject!(gate, session.context);
  for (const project of gate.projects) print(`trusted project ${project} (in ${gate.file})`);
}
