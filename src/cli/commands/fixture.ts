import type { Command } from 'commander';
import { addCommonOptions, collectValues, resolveCommon, type CommonOptionValues } from '../common-options.js';

interface FixtureOptions extends CommonOptionValues {
  set?: string[];
}

export function registerFixture(program: Command): void {
  addCommonOptions(
    program
      .command('fixture')
      .description('print an example input payload for an event, valid against its schema')
      .argument('<event>', 'event name, e.g. PreToolUse')
      .option(
        '--set <path=value>',
        'override a field (dot path; value parsed as JSON when it parses, else a string); repeatable',
        collectValues,
      ),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ hookctl fixture PreToolUse
  $ hookctl fixture PreToolUse --set tool_input.command="rm -rf /" --set permission_mode=plan
  $ hookctl fixture Stop --dialect octo --set status=error --set error="rate limited"`,
    )
    .action(async (event: string, options: FixtureOptions) => {
      const [{ loadDialect }, { makeFixture }, { strayOverrides }] = await Promise.all([
        import('../../dialects/registry.js'),
        import('../../fixture/make-fixture.js'),
        import('../../fixture/stray-overrides.js'),
      ]);
      const common = resolveCommon(options);
      const payload = makeFixture(await loadDialect(common.dialectId), event, { cwd: common.cwd }, options.set);
      for (const warning of strayOverrides(common.dialectId, event, options.set ?? [])) process.stderr.write(`hookctl: warning: ${warning}\n`);
      process.stdout.write(`${JSON.stringify(payload, null, 2)}\n`);
    });
}
