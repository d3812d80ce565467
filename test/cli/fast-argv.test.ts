import { describe, expect, it } from 'vitest';
import { parseFastArgv } from '../../src/cli/fast-argv.js';
import { buildProgram } from '../../src/cli/program.js';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';

/** What commander hands `run`'s action for `args` (the action replaced, so nothing runs). */
async function commanderRun(args: readonly string[]): Promise<{ event: string; options: Record<string, unknown> }> {
  const program = await buildProgram('run');
  let seen: { event: string; options: Record<string, unknown> } | undefined;
  program.commands[0]!.action((event: string, options: Record<string, unknown>) => {
    seen = { event, options: { ...options } };
  });
  await program.parseAsync(['node', 'hookctl', ...args]);
  if (seen === undefined) throw new Error('commander did not run the action');
  return seen;
}

describe('hookctl run without commander (src/cli/fast-argv.ts)', () => {
  const agree: string[][] = [
    ['run', 'PreToolUse'],
    ['run', 'PreToolUse', '--dialect', 'claude'],
    ['run', '--dialect=codex', 'Stop'],
    ['run', 'Stop', '--cwd', '/tmp/p', '--home', '/tmp/h', '--managed', '/etc/m.json'],
    ['run', 'Stop', '--settings', '{"hooks":{}}', '--plugin-dir', 'a', '--plugin-dir=b'],
    ['run', 'Stop', '--config', 'a=1', '--config', 'b=2', '--rewrite-order', 'configured'],
    ['run', 'Stop', '--dangerously-bypass-hook-trust', '--log', 'x.jsonl'],
    ['run', 'Stop', '--dialect', 'claude', '--dialect', 'codex'],
  ];
  it.each(agree)('takes %j exactly as commander does', async (...args) => {
    const fast = parseFastArgv(['node', 'hookctl', ...args]);
    expect(fast).not.toBeNull();
    const slow = await commanderRun(args);
    expect(fast).toEqual({ kind: 'run', event: slow.event, options: slow.options });
  });

  // The fast path keeps its own list of `run`'s value options: it must not load the registry on
  // `--version` (startup-imports.test.ts). Every session flag a dialect's manifest declares is taken
  // as commander takes it (given twice where repeatable), so a new one fails here, named, until the
  // fast path knows it.
  const sessionFlags = [...new Map(DIALECT_IDS.flatMap((id) => manifestOf(id).cli?.sessionFlags ?? []).map((f) => [f.name, f])).values()];
  it.each(sessionFlags.map((flag) => [flag.name, flag.repeatable] as const))(
    "takes the manifests' session flag --%s (repeatable: %s) as commander does",
    async (name, repeatable) => {
      const args = ['run', 'Stop', `--${name}`, 'one', ...(repeatable ? [`--${name}=two`] : [])];
      const fast = parseFastArgv(['node', 'hookctl', ...args]);
      expect(fast, `src/cli/fast-argv.ts does not know --${name}`).not.toBeNull();
      const slow = await commanderRun(args);
      expect(fast).toEqual({ kind: 'run', event: slow.event, options: slow.options });
    },
  );

  const leftToCommander: string[][] = [
    ['run'],
    ['run', '--help'],
    ['run', 'Stop', '-h'],
    ['run', 'Stop', 'extra'],
    ['run', 'Stop', '--debug'],
    ['--debug', 'run', 'Stop'],
    ['run', 'Stop', '--'],
    ['run', 'Stop', '--dialect'],
    ['run', 'Stop', '--dialect='],
    ['run', 'Stop', '--cwd', '--home'],
    ['run', 'Stop', '--unknown'],
    ['run', 'Stop', '--rewrite-order', 'random'],
    ['run', 'Stop', '--dangerously-bypass-hook-trust=yes'],
    ['lint'],
    ['--version', 'run'],
  ];
  it.each(leftToCommander)('leaves %j to commander', (...args) => {
    expect(parseFastArgv(['node', 'hookctl', ...args])).toBeNull();
  });

  it('answers a version flag alone', () => {
    for (const flag of ['-v', '--version', '-V']) expect(parseFastArgv(['node', 'hookctl', flag])).toEqual({ kind: 'version' });
  });
});
