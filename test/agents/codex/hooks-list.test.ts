import { afterEach, describe, expect, it } from 'vitest';
import { type CodexHookMetadata, openCodexAppServer } from '../../../src/dialects/codex/agent/index.js';
import { CODEX_BIN, type CodexWorld, codexUnavailable, codexWorld } from './harness.js';
import { jsonHooks, tomlHooks, trustProjectToml } from './layers.js';

const unavailable = codexUnavailable();
if (unavailable) console.log(`real-Codex listing suite skipped: ${unavailable}`);

interface Listed {
  id: string;
  source: string;
  file: string | null;
  event: string;
  matcher: string | null;
  command: string;
  mode: string;
  timeoutMs: number;
  trust: string;
  enabled: boolean;
  hash: string;
}

const worlds: CodexWorld[] = [];
afterEach(() => {
  for (const world of worlds.splice(0)) world.dispose();
});

/**
 * A world with hooks in every file layer, events out of Codex's order, ignored matchers, an async
 * SessionEnd, and the events Codex added after the first eleven (PreModelRequest, PostModelRequest,
 * Interrupt: matchers ignored, Interrupt's timeout clamped like SessionEnd's).
 */
function layeredWorld(userToml = ''): CodexWorld {
  const world = codexWorld();
  worlds.push(world);
  const cmd = (name: string) => `echo ${name}`;
  world.put(
    'home/.codex/hooks.json',
    jsonHooks([
      { event: 'Stop', handlers: [{ command: cmd('user-stop') }] },
      { event: 'UserPromptSubmit', matcher: 'ignored', handlers: [{ command: cmd('user-ups') }] },
      { event: 'PreToolUse', matcher: 'Bash', handlers: [{ command: cmd('user-pre'), timeout: 5 }, { command: cmd('user-pre-2') }] },
      { event: 'SessionEnd', handlers: [{ command: cmd('user-end'), async: true }] },
      {
        event: 'PostToolUse',
        matcher: '^(Write|Edit)$',
        handlers: [{ command: cmd('user-post'), async: true, statusMessage: 'checking' }],
      },
      { event: 'Interrupt', matcher: 'ignored', handlers: [{ command: cmd('user-interrupt'), timeout: 10 }] },
      { event: 'PreModelRequest', matcher: 'Bash', handlers: [{ command: cmd('user-pre-model'), async: true }] },
    ]),
  );
  world.put(
    'home/.codex/config.toml',
    `${userToml}${trustProjectToml(world.project)}${tomlHooks([
      { event: 'SessionStart', matcher: 'startup|resume', handlers: [{ command: cmd('user-toml-start') }] },
      { event: 'PermissionRequest', matcher: '*', handlers: [{ command: cmd('user-toml-perm'), timeout: 0 }] },
      { event: 'PostModelRequest', matcher: '*', handlers: [{ command: cmd('user-toml-post-model'), statusMessage: 'model answered' }] },
    ])}\n`,
  );
  world.put(
    'project/.codex/hooks.json',
    jsonHooks([
      { event: 'Stop', matcher: 'x', handlers: [{ command: cmd('project-stop') }] },
      { event: 'PreToolUse', handlers: [{ command: cmd('project-pre') }] },
      { event: 'Interrupt', handlers: [{ command: cmd('project-interrupt'), timeout: 0 }, { command: cmd('project-interrupt-2') }] },
    ]),
  );
  world.put(
    'project/.codex/config.toml',
    `${tomlHooks([{ event: 'UserPromptSubmit', handlers: [{ command: cmd('project-toml-ups') }] }])}\n`,
  );
  return world;
}

async function codexList(world: CodexWorld): Promise<{ hooks: CodexHookMetadata[]; warnings: string[] }> {
  const server = await openCodexAppServer(CODEX_BIN, { CODEX_HOME: world.codexHome, HOME: world.home });
  if ('unavailable' in server) throw new Error(server.unavailable);
  try {
    const listed = await server.hooksList(world.project);
    return { hooks: listed.hooks, warnings: listed.warnings };
  } finally {
    await server.close();
  }
}

async function hookctlList(world: CodexWorld): Promise<Listed[]> {
  const result = await world.hookctl('list', '--json');
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { hooks: Listed[] }).hooks;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const CODEX_TRUST: Record<string, string> = { trusted: 'trusted', untrusted: 'untrusted', modified: 'modified', managed: 'managed' };

/** hookctl's listing in Codex's words, for a field-by-field comparison. */
function asCodex(hook: Listed, index: number) {
  return {
    key: hook.id,
    eventName: lowerFirst(hook.event),
    matcher: hook.matcher,
    command: hook.command,
    timeoutSec: hook.timeoutMs / 1000,
    async: hook.mode === 'async',
    sourcePath: hook.file,
    source: hook.source,
    displayOrder: index,
    enabled: hook.enabled,
    currentHash: hook.hash,
    trustStatus: CODEX_TRUST[hook.trust] ?? hook.trust,
  };
}

function codexFields(hook: CodexHookMetadata) {
  return {
    key: hook.key,
    eventName: hook.eventName,
    matcher: hook.matcher,
    command: hook.command,
    timeoutSec: Number(hook.timeoutSec),
    async: hook.async ?? hook.executionMode === 'async',
    sourcePath: hook.sourcePath,
    source: hook.source,
    displayOrder: Number(hook.displayOrder),
    enabled: hook.enabled,
    currentHash: hook.currentHash,
    trustStatus: hook.trustStatus,
  };
}

describe.skipIf(unavailable !== null)('hookctl list --json is codex app-server hooks/list, field by field', () => {
  it('untrusted: keys, hashes, order, matchers, timeouts, async, sources', async () => {
    const world = layeredWorld();
    const [codex, ours] = await Promise.all([codexList(world), hookctlList(world)]);
    expect(codex.hooks.length).toBe(16);
    expect(ours.map(asCodex)).toEqual(codex.hooks.map(codexFields));
  }, 60_000);

  it('trust written by `hookctl trust` is what Codex reads: every hook trusted', async () => {
    const world = layeredWorld();
    const trusted = await world.trustAll();
    expect(trusted.code, trusted.stderr).toBe(0);
    const [codex, ours] = await Promise.all([codexList(world), hookctlList(world)]);
    expect(codex.hooks.map((hook) => hook.trustStatus)).toEqual(codex.hooks.map(() => 'trusted'));
    expect(ours.map(asCodex)).toEqual(codex.hooks.map(codexFields));
  }, 60_000);

  it('trust written by Codex (config/batchWrite hooks.state) is what hookctl reads', async () => {
    const world = layeredWorld();
    const before = await codexList(world);
    const server = await openCodexAppServer(CODEX_BIN, { CODEX_HOME: world.codexHome, HOME: world.home });
    if ('unavailable' in server) throw new Error(server.unavailable);
    const [first, second, third] = before.hooks;
    try {
      await server.batchWrite([
        {
          keyPath: 'hooks.state',
          value: {
            [first!.key]: { trusted_hash: first!.currentHash },
            [second!.key]: { trusted_hash: second!.currentHash, enabled: false },
            [third!.key]: { trusted_hash: 'sha256:0000000000000000000000000000000000000000000000000000000000000000' },
          },
          mergeStrategy: 'upsert',
        },
      ]);
    } finally {
      await server.close();
    }
    const [codex, ours] = await Promise.all([codexList(world), hookctlList(world)]);
    expect(codex.hooks.slice(0, 3).map((hook) => [hook.trustStatus, hook.enabled])).toEqual([
      ['trusted', true],
      ['trusted', false],
      ['modified', true],
    ]);
    expect(ours.map(asCodex)).toEqual(codex.hooks.map(codexFields));
  }, 60_000);
});
