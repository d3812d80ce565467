import type { Command } from 'commander';
import type { LoadContext } from '../../dialects/dialect.js';
import type { DialectId } from '../../dialects/registry.js';
import { UsageError } from '../../errors.js';
import { addCommonOptions, loadContextOf, resolveCommon, type CommonOptionValues } from '../common-options.js';

/** `hookctl trust`, `untrust`, `enable`, `disable`: the commands that record trust decisions. */
export function registerTrustCommands(program: Command): void {
  addCommonOptions(
    program
      .command('trust')
      .description('review untrusted and modified hooks and record that they may run (octo: trusts the project hooks file)')
      .argument('[ids...]', 'hook ids from `hookctl list` (default: every hook)')
      .option('--all', 'every hook (the default when no ids are given)')
      .option('--yes', 'trust without asking (installers, CI); otherwise stdin and stdout must be a terminal'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl trust                 # review each untrusted or modified hook and answer y/N
  $ hookctl trust guard --yes     # trust the hook with id "guard" without asking
  $ hookctl trust --dialect octo  # review and trust the project's .octo/hooks.yml`,
    )
    .action(async (ids: string[], options: CommonOptionValues & { all?: boolean; yes?: boolean }) => {
      const [{ openTrustSession }, { trustHooks }, { chooseReviewer }, { formatFinding }] = await Promise.all([
        import('../../trust/session.js'),
        import('../../trust/operations.js'),
        import('../../trust/review-prompt.js'),
        import('../../lint/finding.js'),
      ]);
      refuseIdsWithAll(ids, options.all);
      const session = await openTrustSession(...sessionArgs(options));
      const reviewer = chooseReviewer(options.yes === true);
      try {
        // Problems of the files under review are part of the review (SPEC 3.2).
        for (const finding of session.config.findings) process.stderr.write(`hookctl: ${formatFinding(finding)}\n`);
        const report = await trustHooks(session.authority, session.handlers, session.context, {
          ids: options.all ? [] : ids,
          findings: session.config.findings,
          ...(reviewer.confirm === undefined ? {} : { confirm: reviewer.confirm }),
        });
        const print = (line: string) => process.stdout.write(`${line}\n`);
        for (const unit of report.trusted) print(`trusted ${unit.label} (${unit.hash})`);
        for (const unit of report.declined) print(`not trusted: ${unit.label}`);
        for (const unit of report.alreadyTrusted) print(`already trusted: ${unit.label}`);
        for (const handler of report.managed) print(`managed, needs no trust: hook ${handler.id}`);
        if (report.trusted.length + report.declined.length + report.alreadyTrusted.length + report.managed.length === 0) {
          print('no hooks need trust');
        }
      } finally {
        reviewer.close();
      }
    });

  addCommonOptions(
    program
      .command('untrust')
      .description('forget the trust of hooks so they stop running until reviewed again (octo: of the project hooks file)')
      .argument('[ids...]', 'hook ids from `hookctl list`')
      .option('--all', 'every hook'),
  )
    .addHelpText('after', '\nExamples:\n  $ hookctl untrust guard\n  $ hookctl untrust --all')
    .action(async (ids: string[], options: CommonOptionValues & { all?: boolean }) => {
      const [{ openTrustSession }, { untrustHooks }] = await Promise.all([
        import('../../trust/session.js'),
        import('../../trust/operations.js'),
      ]);
      refuseIdsWithAll(ids, options.all);
      const session = await openTrustSession(...sessionArgs(options));
      const revoked = await untrustHooks(session.authority, session.handlers, session.context, { ids, all: options.all === true });
      for (const unit of revoked) process.stdout.write(`untrusted ${unit.label}\n`);
      if (revoked.length === 0) process.stdout.write('nothing was trusted\n');
    });

  for (const enabled of [true, false]) {
    const name = enabled ? 'enable' : 'disable';
    addCommonOptions(
      program
        .command(name)
        .description(
          enabled
            ? 'enable a disabled hook again (openinterpreter)'
            : 'keep a hook from running without removing it from its file (openinterpreter; managed hooks cannot be disabled)',
        )
        .argument('<id>', 'hook id from `hookctl list`'),
    )
      .addHelpText('after', `\nExample:\n  $ hookctl ${name} guard`)
      .action(async (id: string, options: CommonOptionValues) => {
        const [{ openTrustSession }, { setHooksEnabled }] = await Promise.all([
          import('../../trust/session.js'),
          import('../../trust/operations.js'),
        ]);
        const session = await openTrustSession(...sessionArgs(options));
        const changed = await setHooksEnabled(session.authority, session.handlers, session.context, id, enabled);
        for (const handler of changed) process.stdout.write(`${name}d hook ${handler.id} (${handler.file ?? handler.source})\n`);
      });
  }
}

function sessionArgs(options: CommonOptionValues): [DialectId, LoadContext] {
  const common = resolveCommon(options);
  return [common.dialectId, loadContextOf(common)];
}

function refuseIdsWithAll(ids: readonly string[], all: boolean | undefined): void {
  if (all && ids.length > 0) throw new UsageError(`give hook ids or --all, not both (got --all and ${ids.join(', ')})`);
}
