import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject } from '../helpers/temp-project.js';

const SCHEMA = join(import.meta.dirname, '../../schema');
const published = (path: string) => readFileSync(join(SCHEMA, path), 'utf8');

async function schema(...args: string[]) {
  const { project, home } = makeTempProject();
  return runCli(['schema', ...args, '--cwd', project, '--home', home]);
}

describe('hookctl schema', () => {
  it.each([
    [['PreToolUse'], 'openinterpreter/events/pre-tool-use.input.json'],
    [['PreToolUse', '--output'], 'openinterpreter/events/pre-tool-use.output.json'],
    [['SubagentStop', '--dialect', 'openinterpreter'], 'openinterpreter/events/subagent-stop.input.json'],
    [['PreToolUse', '--output', '--dialect', 'octo'], 'octo/events/pre-tool-use.output.json'],
    [['Stop', '--dialect', 'octo'], 'octo/events/stop.input.json'],
    [['--config', '--dialect', 'openinterpreter'], 'openinterpreter/config.json'],
    [['--config', '--dialect', 'octo'], 'octo/config.json'],
  ])('%j prints schema/%s as published', async (args, path) => {
    const result = await schema(...args);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(published(path));
  });

  it.each([
    [['PreToolUze'], 'hookctl: unknown openinterpreter event "PreToolUze"; did you mean "PreToolUse"?\n'],
    [['pretooluse', '--dialect', 'octo'], 'hookctl: unknown octo event "pretooluse"; did you mean "PreToolUse"?\n'],
    [
      ['Stop', '--output', '--dialect', 'octo'],
      'hookctl: octo Stop hooks have no JSON output contract (stdout is not interpreted as JSON), so there is no output schema\n',
    ],
    [[], 'hookctl: name an event (e.g. `hookctl schema PreToolUse`) or pass --config\n'],
    [['Stop', '--config'], 'hookctl: --config prints the config file schema; drop the event name and --output\n'],
  ])('%j exits 2: %s', async (args, stderr) => {
    const result = await schema(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(stderr);
  });
});
