import { describe, expect, it } from 'vitest';
import { loadConfigSpec } from '../../src/dialects/registry.js';

/**
 * Issue 39: the one cross-agent table of tool names (issue 41: the concordance's rows, gathered by the
 * registry), as each dialect reads it: what it suggests instead is always one of the dialect's own
 * tools, and no name it calls foreign is one.
 */
describe('the cross-agent tool table, per dialect', () => {
  it.each(['claude', 'codex', 'gemini'] as const)('%s: every suggestion is its own tool, every foreign name is not', async (id) => {
    const toolNames = (await loadConfigSpec(id)).lint?.toolNames;
    const tools = new Set(toolNames?.tools);
    const equivalents = Object.entries(toolNames?.equivalents ?? {});
    expect(equivalents.length).toBeGreaterThan(3);
    for (const [name, { instead }] of equivalents) {
      expect(tools.has(name), `${name} is a ${id} tool`).toBe(false);
      for (const tool of instead.split('|')) expect(tools.has(tool), `${tool} (for ${name}) is a ${id} tool`).toBe(true);
    }
  });
});
