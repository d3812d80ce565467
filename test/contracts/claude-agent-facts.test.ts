// test/contracts/claude-agent-facts.json is what the pinned Claude Code binaries themselves say (npm run
// agents:derive reads their hook event list and the keys of each handler type of their settings
// schema); this test holds schema/claude/ and the dialect's event catalogue to it, and, where the
// binaries are installed, the file to the binaries.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLAUDE_EVENTS } from '../../src/dialects/claude/events.js';

const root = new URL('../../', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

interface BinaryFacts {
  package: string;
  version: string;
  events: string[];
  handlerKeys: Record<string, { keys: string[]; internal: string[] }>;
}
const facts = readJson('test/contracts/claude-agent-facts.json') as { claudeCode: BinaryFacts; agentSdk?: BinaryFacts };
const binaries = [facts.claudeCode, ...(facts.agentSdk ? [facts.agentSdk] : [])];

/** The keys schema/claude/config.json allows on a handler of `type` (its `allOf` branch). */
function schemaKeys(type: string): string[] {
  const handler = readJson('schema/claude/config.json').definitions.handler;
  const branch = handler.allOf.find((b: { if: { properties: { type: { const: string } } } }) => b.if.properties.type.const === type);
  return Object.keys(branch.then.properties).sort();
}

describe('claude agent facts (read from the binaries)', () => {
  it('were read from the pinned versions', () => {
    expect(facts.claudeCode.version).toBe(readJson('node_modules/@anthropic-ai/claude-code/package.json').version);
    if (facts.agentSdk)
      expect(facts.agentSdk.version).toBe(readJson('node_modules/@anthropic-ai/claude-agent-sdk/package.json').claudeCodeVersion);
  });

  it('hookctl knows every event of either binary, and no other', () => {
    const known = new Set(binaries.flatMap((binary) => binary.events));
    expect(CLAUDE_EVENTS.map((event) => event.name).sort()).toEqual([...known].sort());
    // The CLI users run is older than the SDK's binary: its events are a subset.
    if (facts.agentSdk) expect(facts.agentSdk.events).toEqual(expect.arrayContaining(facts.claudeCode.events));
  });

  it('each handler type takes exactly the keys of the binary settings schema, its @internal keys aside', () => {
    for (const binary of binaries) {
      for (const [type, { keys }] of Object.entries(binary.handlerKeys))
        expect(schemaKeys(type), `${binary.version} ${type}`).toEqual(keys);
      expect(Object.keys(binary.handlerKeys).sort()).toEqual(['agent', 'command', 'http', 'mcp_tool', 'prompt']);
    }
  });

  it.skipIf(!existsSync(new URL('node_modules/@anthropic-ai/claude-code/package.json', root)))(
    'is what the installed binaries say (npm run agents:derive -- --check)',
    () => {
      expect(() => execFileSync(process.execPath, ['scripts/agents-derive.mjs', '--check'], { cwd: root, stdio: 'pipe' })).not.toThrow();
    },
    120_000,
  );
});
