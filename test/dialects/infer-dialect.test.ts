import { describe, expect, it } from 'vitest';
import { inferDialectFromPath } from '../../src/dialects/infer-dialect.js';

describe('inferDialectFromPath', () => {
  it.each([
    ['.openinterpreter/hooks.json', 'openinterpreter'],
    ['/repo/.openinterpreter/config.toml', 'openinterpreter'],
    ['/home/u/.openinterpreter/plugins/p/hooks/hooks.json', 'openinterpreter'],
    ['/etc/openinterpreter/requirements.toml', 'openinterpreter'],
    ['ci/requirements.toml', 'openinterpreter'],
    ['hooks.json', 'openinterpreter'],
    ['.octo/hooks.yml', 'octo'],
    ['/home/u/.octo/hooks.yml', 'octo'],
    ['fixtures/hooks.yaml', 'octo'],
    ['/tmp/openinterpreter/.octo/hooks.yml', 'octo'],
    ['/home/u/.octo/vendored/.openinterpreter/hooks.json', 'openinterpreter'],
  ])('%s is %s', (path, dialect) => {
    expect(inferDialectFromPath(path)).toBe(dialect);
  });

  it.each(['README.md', 'scripts/guard.sh', 'notes.txt'])('%s belongs to no dialect', (path) => {
    expect(inferDialectFromPath(path)).toBeNull();
  });
});
