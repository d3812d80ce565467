import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIALECTS, loadConfigSpec, type DialectId } from '../../src/dialects/registry.js';
import { PROVEN_AGENTS } from '../../src/dialects/shared/agent-versions.js';
import { compareVersions } from '../../src/util/agent-version.js';

/**
 * src/dialects/shared/agent-versions.ts, the one table of the agent release each dialect is proven
 * against and of the release that added each feature, held to its sources: the pins of package.json,
 * the derived facts files, the dialects' manifests and config specs, and Codex's facts of earlier
 * releases (test/contracts/agent-facts/), from which its `since` entries are read.
 */
const REPO = resolve(import.meta.dirname, '../..');
const readJson = (path: string) => JSON.parse(readFileSync(join(REPO, path), 'utf8'));
const pins = readJson('package.json').devDependencies as Record<string, string>;
const HISTORY = join(REPO, 'test', 'contracts', 'agent-facts');

describe('the proven agent releases (src/dialects/shared/agent-versions.ts)', () => {
  it('are the pinned releases, the releases the facts were derived from, and name each agent as its manifest does', () => {
    for (const [id, agent] of Object.entries(PROVEN_AGENTS)) {
      expect(agent.version, `${id}: ${agent.package} in package.json`).toBe(pins[agent.package]);
      expect(agent.agent, `${id}: the manifest's agentName`).toBe(DIALECTS[id as DialectId].manifest.agentName);
      const driven = DIALECTS[id as DialectId].manifest.cli?.agentBinary;
      if (driven !== undefined) expect(agent.binary, `${id}: the binary \`test --agent\` drives`).toBe(driven);
    }
    expect(readJson('test/contracts/claude-agent-facts.json').claudeCode.version).toBe(PROVEN_AGENTS.claude!.version);
    expect(readJson('test/dialects/codex-agent-facts.json').version).toBe(PROVEN_AGENTS.codex!.version);
    expect(readJson('test/dialects/gemini-agent-facts.json').version).toBe(pins['@google/gemini-cli-core']);
    expect(pins['@google/gemini-cli-core']).toBe(PROVEN_AGENTS.gemini!.version);
  });

  it('are the table of docs/conformance.md § Following the agents', () => {
    const page = readFileSync(join(REPO, 'docs', 'conformance.md'), 'utf8');
    const table = page.slice(page.indexOf('<!-- proven-agents:'), page.indexOf('\n\n', page.indexOf('<!-- proven-agents:')));
    const rows = [...table.matchAll(/^\| (\w+) \| ([^|]+) \| `([^`]+)` \| ([\d.]+) \|$/gm)].map((row) =>
      row.slice(1).map((cell) => cell.trim()),
    );
    expect(rows).toEqual(Object.entries(PROVEN_AGENTS).map(([id, agent]) => [id, agent.agent, agent.package, agent.version]));
  });

  it('date only features the dialect has, no later than the proven release', async () => {
    const problems: string[] = [];
    for (const [id, agent] of Object.entries(PROVEN_AGENTS)) {
      const spec = await loadConfigSpec(id as DialectId);
      const events = spec.events.map((event) => event.name as string);
      for (const [feature, since] of Object.entries(agent.since)) {
        const [kind, name = ''] = feature.split(':');
        if (kind === 'event' && !events.includes(name)) problems.push(`${id}: ${feature} is not an event of the dialect`);
        if (kind === 'key' && !Object.hasOwn(spec.handlerFields, name))
          problems.push(`${id}: ${feature} is not a handler key of the dialect`);
        if (kind !== 'event' && kind !== 'key') problems.push(`${id}: ${feature} is neither event:<Name> nor key:<key>`);
        if (compareVersions(since, agent.version) > 0) problems.push(`${id}: ${feature} since ${since}, after the proven ${agent.version}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("date each Codex event as Codex's own facts of earlier releases do (its first release in test/contracts/agent-facts)", () => {
    const releases = readdirSync(HISTORY)
      .filter((name) => /^codex-[\d.]+\.json$/.test(name))
      .map((name) => JSON.parse(readFileSync(join(HISTORY, name), 'utf8')) as { version: string; events: Record<string, unknown> })
      .sort((a, b) => compareVersions(a.version, b.version));
    const current = readJson('test/dialects/codex-agent-facts.json') as { version: string; events: Record<string, unknown> };
    const all = [...releases, current];
    const dated: Record<string, string> = {};
    for (const [index, release] of all.entries()) {
      if (index === 0) continue; // the oldest release: its events are as old as hookctl's support
      for (const event of Object.keys(release.events)) {
        if (all[index - 1]!.events[event] === undefined && dated[`event:${event}`] === undefined) dated[`event:${event}`] = release.version;
      }
    }
    // A release pair that is not adjacent dates an event only to "by then": each pair around a change is adjacent on npm.
    expect(PROVEN_AGENTS.codex!.since).toEqual(dated);
  });
});
