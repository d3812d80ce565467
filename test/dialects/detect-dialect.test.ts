import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectDialect } from '../../src/dialects/detect-dialect.js';
import { makeTempProject } from '../helpers/temp-project.js';

describe('detectDialect', () => {
  it('picks the dialect whose config file is nearest the cwd', () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.openinterpreter/hooks.json', '{"hooks":{}}');
    sandbox.write('project/.octo/hooks.yml', 'hooks: {}\n');
    sandbox.write('project/sub/.keep', '');
    expect(detectDialect(join(sandbox.project, 'sub'), sandbox.home)).toBe('octo');
  });

  it('falls back to the home, then to openinterpreter', () => {
    const sandbox = makeTempProject();
    expect(detectDialect(sandbox.project, sandbox.home)).toBe('openinterpreter');
    sandbox.write('home/.octo/hooks.yml', 'hooks: {}\n');
    expect(detectDialect(sandbox.project, sandbox.home)).toBe('octo');
  });

  it('is not swayed by a config dir without config files (the trust store lives in ~/.octo)', () => {
    const sandbox = makeTempProject();
    sandbox.write('home/.octo/trusted-projects.json', '{}');
    sandbox.write('project/.octo/hooks/guard.sh', '#!/bin/sh\n');
    expect(detectDialect(sandbox.project, sandbox.home)).toBe('openinterpreter');
  });

  it('takes the default when both dialects are configured at the same level', () => {
    const sandbox = makeTempProject();
    sandbox.write('project/.octo/hooks.yml', 'hooks: {}\n');
    sandbox.write('project/.openinterpreter/config.toml', '');
    expect(detectDialect(sandbox.project, sandbox.home)).toBe('openinterpreter');
  });

  // SPEC-dialects §10: `.codex/` or `~/.codex/{hooks.json,config.toml}` mean codex; $CODEX_HOME moves the home one.
  it('detects codex by a project .codex/ config file, by ~/.codex, and by $CODEX_HOME', () => {
    const project = makeTempProject();
    project.write('project/.codex/hooks.json', '{"hooks":{}}');
    expect(detectDialect(project.project, project.home, {})).toBe('codex');
    const home = makeTempProject();
    home.write('home/.codex/config.toml', 'model = "gpt-5"\n');
    expect(detectDialect(home.project, home.home, {})).toBe('codex');
    const moved = makeTempProject();
    moved.write('elsewhere/config.toml', 'model = "gpt-5"\n');
    expect(detectDialect(moved.project, moved.home, {})).toBe('openinterpreter');
    expect(detectDialect(moved.project, moved.home, { CODEX_HOME: join(moved.root, 'elsewhere') })).toBe('codex');
  });

  // $COPILOT_HOME moves ~/.copilot, whose hooks/ holds the user's hooks files.
  it('detects copilot by ~/.copilot/hooks and by $COPILOT_HOME/hooks', () => {
    const home = makeTempProject();
    home.write('home/.copilot/hooks/hooks.json', '{"version":1,"hooks":{}}');
    expect(detectDialect(home.project, home.home, {})).toBe('copilot');
    const moved = makeTempProject();
    moved.write('elsewhere/hooks/hooks.json', '{"version":1,"hooks":{}}');
    expect(detectDialect(moved.project, moved.home, {})).toBe('openinterpreter');
    expect(detectDialect(moved.project, moved.home, { COPILOT_HOME: join(moved.root, 'elsewhere') })).toBe('copilot');
  });
});
