import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/index.js';
import { makeClaudeSandbox } from '../../dialects/claude/sandbox.js';
import { FIXTURES, readFixture, sourceOf } from './harness.js';

const CONFIGS = readdirSync(join(FIXTURES, 'config'))
  .filter((name) => name.endsWith('.json'))
  .sort();

/** Handlers written in a settings object, as [event, type]. */
function declared(settings: Record<string, unknown>): [string, string][] {
  const table = (settings.hooks ?? {}) as Record<string, { hooks: { type: string }[] }[]>;
  return Object.entries(table).flatMap(([event, groups]) =>
    groups.flatMap((group) => group.hooks.map((handler): [string, string] => [event, handler.type])),
  );
}

/**
 * Every documented settings file and plugin hooks file (test/fixtures/claude/config/) loads as the
 * project's `.claude/settings.json`: no error finding, every handler loaded in order with its type,
 * and the ones hookctl cannot run (prompt, agent, mcp_tool) reported as not runnable. The documented
 * example keys (`permissions`, `enabledPlugins`, …) are settings Claude reads; hookctl leaves them be.
 */
describe('claude conformance: every documented configuration loads', () => {
  it.each(CONFIGS.map((name) => [name, sourceOf(`config/${name}`)]))('%s (%s)', async (name) => {
    const settings = readFixture(`config/${name}`);
    const box = makeClaudeSandbox();
    box.settings('project/.claude/settings.json', settings);
    const engine = await createEngine({
      dialect: 'claude',
      cwd: box.project,
      home: box.home,
      managedConfigPath: box.managed,
      env: { PATH: process.env.PATH },
      workspaceTrust: 'assume',
    });
    await engine.close();
    expect(engine.warnings.filter((warning) => /: error: /.test(warning))).toEqual([]);
    const project = engine.handlers.filter((handler) => handler.source === 'project');
    expect(project.map((handler) => [handler.event, handler.type])).toEqual(declared(settings));
    for (const handler of project) {
      const runnable = handler.type === 'command' || handler.type === 'http';
      expect(handler.skipReason === 'not-runnable').toBe(!runnable);
    }
  });
});
