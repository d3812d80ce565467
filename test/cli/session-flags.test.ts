import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { addCommonOptions, loadContextOf, resolveCommon } from '../../src/cli/common-options.js';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';

const declared = DIALECT_IDS.flatMap((id) => (manifestOf(id).cli?.sessionFlags ?? []).map((flag) => ({ id, flag })));

describe('session flags from the dialects’ manifests', () => {
  it('are registered on a config-loading command, each with its placeholder and the dialects that declare it', () => {
    const command = addCommonOptions(new Command('x'));
    expect(declared.length).toBeGreaterThan(0);
    for (const { id, flag } of declared) {
      const option = command.options.find((candidate) => candidate.long === `--${flag.name}`);
      expect(option?.flags).toBe(`--${flag.name} <${flag.placeholder}>`);
      expect(option?.description).toBe(`${id}: ${flag.help}`);
    }
  });

  it('leave out a flag the command has an option of its own for', () => {
    const [{ flag }] = declared as [(typeof declared)[number]];
    const command = addCommonOptions(new Command('x').option(`--${flag.name}`, 'its own'));
    expect(command.options.filter((option) => option.long === `--${flag.name}`).map((option) => option.description)).toEqual(['its own']);
  });

  it('reach the load context in one bag by flag name: paths resolved, repeated values in order, absent when not given', async () => {
    const command = addCommonOptions(new Command('x')).exitOverride();
    const args = declared.flatMap(({ flag }) =>
      flag.repeatable ? [`--${flag.name}`, 'a', `--${flag.name}`, 'b'] : [`--${flag.name}`, 'a'],
    );
    command.parse(args, { from: 'user' });
    const { session } = loadContextOf(resolveCommon({ ...command.opts(), dialect: 'claude' }));
    const resolved = (value: string, kind: string) => (kind === 'path' ? `${process.cwd()}/${value}` : value);
    expect(session).toEqual(
      Object.fromEntries(
        declared.map(({ flag }) => [
          flag.name,
          flag.repeatable ? [resolved('a', flag.value), resolved('b', flag.value)] : resolved('a', flag.value),
        ]),
      ),
    );
    expect(loadContextOf(resolveCommon({ dialect: 'claude' })).session).toBeUndefined();
  });
});
