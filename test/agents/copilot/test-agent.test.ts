import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COPILOT_EVENTS } from '../../../src/dialects/copilot/events.js';
import { createEngine, loadDialect } from '../../../src/index.js';
import type { Outcome } from '../../../src/kit/outcome.js';
import { runAgentCases } from '../../../src/testing/agent-cases.js';
import { agentJail } from '../../../src/util/agent-sandbox.js';
import { runCli } from '../../helpers/run-cli.js';
import { COPILOT_BIN, unavailable } from './harness.js';

/**
 * `hookctl test --agent copilot` (issue 42) through the real `hookctl` binary and the pinned GitHub
 * Copilot CLI: a case of every event name Copilot fires in `-p` runs in the binary and agrees with
 * hookctl; a deny, an allow and a rewrite; a real disagreement (a hook of the action's other name)
 * and a wrong prediction (a test double) reported as disagreements; a missing binary in one line;
 * and the attacker's side: a project cannot pick the binary, reach the network, write outside the
 * jail or into the shared Copilot runtime, nor start an MCP server, and the caller's token and
 * provider never reach the agent.
 */
const REPO = resolve(import.meta.dirname, '../../..');
const LOADER = join(REPO, 'node_modules', '.bin', 'copilot');
const VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
  .devDependencies['@github/copilot']!;

function why(): string | null {
  const missing = unavailable();
  if (missing !== null) return missing;
  if (!existsSync(join(REPO, 'dist', 'src', 'dialects', 'copilot', 'agent', 'driver.js'))) return 'dist/ is not built (npm run build)';
  return agentJail().note;
}
const skip = why();
if (skip !== null) {
  if (process.env.HOOKCTL_REQUIRE_TOOLS === '1')
    throw new Error(`copilot test-agent.test.ts: ${skip}, and HOOKCTL_REQUIRE_TOOLS=1 requires it`);
  console.log(`copilot test-agent.test.ts: the real-agent cases not run: ${skip}`);
}

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
const temp = (prefix: string): string => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};

const CAMEL = { sessionId: 's-1', timestamp: 1_700_000_000_000, cwd: '.' };
const SNAKE = { session_id: 's-1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '.' };
const bash = (command: string) => ({ command, description: 'a case' });

/**
 * A project of its own repository: `.github/hooks/<name>.sh` for each script, registered under each
 * event named as `sh "$COPILOT_PROJECT_DIR/.github/hooks/<name>.sh" <event>`, and the cases.
 */
function project(scripts: Record<string, string>, events: Record<string, string>, cases: Record<string, object>): string {
  const dir = join(temp('hookctl-copilot-agent-'), 'project');
  mkdirSync(join(dir, '.github', 'hooks'), { recursive: true });
  mkdirSync(join(dir, 'hooks-tests'));
  execFileSync('git', ['init', '--quiet', dir], { env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  for (const [name, text] of Object.entries(scripts)) writeFileSync(join(dir, '.github', 'hooks', `${name}.sh`), text);
  const hook = (event: string, name: string) => [{ type: 'command', bash: `sh "$COPILOT_PROJECT_DIR/.github/hooks/${name}.sh" ${event}` }];
  const hooks = Object.fromEntries(Object.entries(events).map(([event, name]) => [event, hook(event, name)]));
  writeFileSync(join(dir, '.github', 'hooks', 'hooks.json'), JSON.stringify({ version: 1, hooks }, null, 2));
  for (const [name, content] of Object.entries(cases))
    writeFileSync(join(dir, 'hooks-tests', `${name}.case.json`), JSON.stringify(content));
  return dir;
}

interface Report {
  agentVersion: string;
  passed: number;
  results: { name: string; status: string; agentDid: string | null; reason: string | null; disagreements: Record<string, unknown>[] }[];
}

async function runAgent(dir: string, extra: string[] = [], env: Record<string, string | undefined> = {}) {
  const result = await runCli(['test', '--agent', 'copilot', dir, '--agent-bin', LOADER, '--jobs', '2', '--json', ...extra], {
    timeoutMs: 900_000,
    env,
  });
  const report = JSON.parse(result.stdout || '{"results":[]}') as Report;
  const byName = Object.fromEntries(report.results.map((r) => [r.name.replace(/\.case\.json$/, ''), r]));
  return { result, report, byName };
}

/** One script answering per event (its first argument), as each case below expects. */
const EVERY_EVENT_HOOK = `ev="$1"; input=$(cat)
case "$ev" in
  sessionStart) printf '%s' '{"additionalContext":"CTX-START"}' ;;
  userPromptSubmitted) case "$input" in *block-me*) printf '%s' '{"decision":"block","reason":"PROMPT-BLOCKED"}';;
    *) printf '%s' '{"additionalContext":"CTX-UPS"}';; esac ;;
  userPromptTransformed) case "$input" in *transform-me*) printf '%s' '{"modifiedTransformedPrompt":"NEW-PROMPT-X"}';; esac ;;
  preToolUse) case "$input" in *rm\\ -rf*) printf '%s' '{"permissionDecision":"deny","permissionDecisionReason":"no rm -rf here"}';;
    *rewrite-me*) printf '%s' '{"modifiedArgs":{"command":"echo REWRITTEN","description":"rewritten"}}';;
    *) printf '%s' '{"additionalContext":"CTX-PRE"}';; esac ;;
  PreToolUse) case "$input" in *pascal-deny*) printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse",'
    printf '%s' '"permissionDecision":"deny","permissionDecisionReason":"PASCAL-NO"}}';; esac ;;
  permissionRequest) case "$input" in *refuse-me*) printf '%s' '{"behavior":"deny","message":"PR-NO"}';; esac ;;
  postToolUse) case "$input" in *withhold-me*) printf '%s' '{"decision":"block","reason":"WITHHELD"}';;
    *) printf '%s' '{"additionalContext":"CTX-POST"}';; esac ;;
  postToolUseFailure) printf '%s' '{"additionalContext":"CTX-FAIL"}' ;;
  Stop) case "$input" in *'"stop_hook_active":false'*) printf '%s' '{"decision":"block","reason":"KEEP-GOING"}';; esac ;;
  subagentStop) printf '%s' '{"modifiedResponse":"SUB-REPLACED"}' ;;
  notification) printf '%s' '{"additionalContext":"CTX-NOTE"}' ;;
esac
exit 0
`;

/** Every event name the dialect's table holds: Copilot fires each in `-p` (events.test.ts). */
const EVENTS = COPILOT_EVENTS.map((event) => event.name);

const tool = (event: string, toolName: string, toolArgs: object, more: object = {}) => ({
  event,
  payload: { ...CAMEL, toolName, toolArgs, ...more },
});
const claudeTool = (event: string, name: string, input: object, more: object = {}) => ({
  event,
  payload: { ...SNAKE, hook_event_name: event, tool_name: name, tool_input: input, ...more },
});
const result = { resultType: 'success', textResultForLlm: 'hi\n' };
const stop = (active: boolean) => ({
  ...SNAKE,
  hook_event_name: 'Stop',
  transcript_path: '/t',
  stop_reason: 'end_turn',
  stop_hook_active: active,
});
const subagent = { transcriptPath: '/t', agentName: 'task', agentType: 'task', agentId: 'a-1', parentAgentId: 's-1' };
const note = { message: 'Path permission needed: /x', title: 'Permission needed', notification_type: 'permission_prompt' };
const error = { error: { message: 'm', name: 'Error', stack: 's' } };

/** A case of every event name, each with what the agent must be seen doing (the case's expectation is checked against the agent). */
const EVERY_EVENT: Record<string, { case: object; did: string | RegExp; status?: string }> = {
  'session-start': {
    case: { event: 'sessionStart', payload: { ...CAMEL, source: 'new', initialPrompt: 'hi' }, expect: { additionalContext: 'CTX-START' } },
    did: 'fired sessionStart',
  },
  'session-start-claude': {
    case: {
      event: 'SessionStart',
      payload: { ...SNAKE, hook_event_name: 'SessionStart', source: 'new', initial_prompt: 'hi' },
      expect: {},
    },
    did: 'fired SessionStart',
  },
  'prompt-context': {
    case: { event: 'userPromptSubmitted', payload: { ...CAMEL, prompt: 'hello' }, expect: { additionalContext: 'CTX-UPS' } },
    did: 'sent the prompt to the model',
  },
  'prompt-block': {
    case: {
      event: 'userPromptSubmitted',
      payload: { ...CAMEL, prompt: 'please block-me' },
      expect: { blocked: true, reason: 'PROMPT-BLOCKED' },
    },
    did: 'blocked the prompt',
  },
  'prompt-claude': {
    case: {
      event: 'UserPromptSubmit',
      payload: { ...SNAKE, hook_event_name: 'UserPromptSubmit', prompt: 'hello' },
      expect: { blocked: false },
    },
    did: 'sent the prompt to the model',
  },
  transformed: {
    case: {
      event: 'userPromptTransformed',
      payload: { ...CAMEL, prompt: 'transform-me', transformedPrompt: 'transform-me' },
      expect: { dialectOutput: { modifiedTransformedPrompt: 'NEW-PROMPT-X' } },
    },
    did: 'fired userPromptTransformed',
  },
  deny: {
    case: { ...tool('preToolUse', 'bash', bash('rm -rf build')), expect: { decision: 'deny' } },
    did: 'denied the call: "Denied by preToolUse hook: no rm -rf here"',
  },
  allow: {
    case: { ...tool('preToolUse', 'bash', bash('echo hello')), expect: { blocked: false, additionalContext: 'CTX-PRE' } },
    did: 'ran the call',
  },
  rewrite: {
    case: { ...tool('preToolUse', 'bash', bash('echo rewrite-me')), expect: { updatedInput: { command: 'echo REWRITTEN' } } },
    did: 'ran the call rewritten to "echo REWRITTEN"',
  },
  'deny-claude': {
    case: { ...claudeTool('PreToolUse', 'Bash', bash('echo pascal-deny')), expect: { decision: 'deny' } },
    did: 'denied the call: "Denied by preToolUse hook: PASCAL-NO"',
  },
  'permission-deny': {
    case: {
      event: 'permissionRequest',
      payload: { ...CAMEL, hookName: 'permissionRequest', toolName: 'bash', toolInput: bash('touch refuse-me'), permissionSuggestions: [] },
      expect: { decision: 'deny' },
    },
    did: 'refused the call: "Permission denied by a PermissionRequest hook: PR-NO"',
  },
  'permission-claude': {
    case: {
      event: 'PermissionRequest',
      payload: { ...CAMEL, hookName: 'permissionRequest', toolName: 'bash', toolInput: bash('touch ok'), permissionSuggestions: [] },
      expect: { blocked: false },
    },
    did: 'allowed the call: it ran',
  },
  'post-context': {
    case: { ...tool('postToolUse', 'bash', bash('echo hi'), { toolResult: result }), expect: { additionalContext: 'CTX-POST' } },
    did: 'gave the model the result',
  },
  'post-withhold': {
    case: {
      ...tool('postToolUse', 'bash', bash('echo withhold-me'), { toolResult: result }),
      expect: { blocked: true, reason: 'Tool result blocked: WITHHELD' },
    },
    did: 'withheld the result: "Tool result blocked: WITHHELD"',
  },
  'post-claude': {
    case: {
      ...claudeTool('PostToolUse', 'Bash', bash('echo hi'), { tool_result: { result_type: 'success', text_result_for_llm: 'hi' } }),
      expect: { blocked: false },
    },
    did: 'gave the model the result',
  },
  failure: {
    case: {
      ...tool('postToolUseFailure', 'view', { path: 'missing.txt' }, { error: 'Path does not exist' }),
      expect: { additionalContext: 'CTX-FAIL' },
    },
    did: 'fired postToolUseFailure',
  },
  'failure-claude': {
    case: { ...claudeTool('PostToolUseFailure', 'Read', { path: 'missing.txt' }, { error: 'Path does not exist' }), expect: {} },
    did: 'fired PostToolUseFailure',
  },
  stop: {
    case: { event: 'Stop', payload: stop(false), expect: { blocked: true, reason: 'KEEP-GOING' } },
    did: 'went on after the final message (the stop was blocked)',
  },
  'stop-continued': { case: { event: 'Stop', payload: stop(true), expect: { blocked: false } }, did: 'stopped' },
  // The Stop hook blocks the same action: a real disagreement, named as the other name's doing.
  'agent-stop': {
    case: { event: 'agentStop', payload: { ...CAMEL, transcriptPath: '/t', stopReason: 'end_turn', stop_hook_active: false }, expect: {} },
    did: 'went on after the final message (the stop was blocked)',
    status: 'disagrees',
  },
  'subagent-start': { case: { event: 'subagentStart', payload: { ...CAMEL, ...subagent }, expect: {} }, did: 'fired subagentStart' },
  'subagent-start-claude': {
    case: {
      event: 'SubagentStart',
      payload: { ...CAMEL, transcriptPath: '/t', agentName: 'task', agent_id: 'a-1', agent_type: 'task', parent_agent_id: 's-1' },
      expect: {},
    },
    did: 'fired SubagentStart',
  },
  'subagent-stop': {
    case: {
      event: 'subagentStop',
      payload: { ...CAMEL, ...subagent, response: 'done', stopReason: 'end_turn', stop_hook_active: false },
      expect: { dialectOutput: { modifiedResponse: 'SUB-REPLACED' } },
    },
    did: 'fired subagentStop',
  },
  'subagent-stop-claude': {
    case: {
      event: 'SubagentStop',
      payload: {
        ...SNAKE,
        hook_event_name: 'SubagentStop',
        agent_id: 'a-1',
        agent_type: 'task',
        parent_agent_id: 's-1',
        transcript_path: '/t',
        agent_name: 'task',
        last_assistant_message: 'done',
        stop_reason: 'end_turn',
        stop_hook_active: false,
      },
      expect: {},
    },
    did: 'fired SubagentStop',
  },
  compact: {
    case: { event: 'preCompact', payload: { ...CAMEL, transcriptPath: '/t', trigger: 'auto', customInstructions: '' }, expect: {} },
    did: 'fired preCompact',
  },
  'compact-claude': {
    case: {
      event: 'PreCompact',
      payload: { ...SNAKE, hook_event_name: 'PreCompact', transcript_path: '/t', trigger: 'auto', custom_instructions: '' },
      expect: {},
    },
    did: 'fired PreCompact',
  },
  notification: {
    case: {
      event: 'notification',
      payload: { ...CAMEL, ...note, hook_event_name: 'Notification' },
      expect: { additionalContext: 'CTX-NOTE' },
    },
    did: 'fired notification',
  },
  'notification-claude': {
    case: { event: 'Notification', payload: { ...CAMEL, ...note, hook_event_name: 'Notification' }, expect: {} },
    did: 'fired Notification',
  },
  error: {
    case: { event: 'errorOccurred', payload: { ...CAMEL, errorContext: 'model_call', recoverable: true, ...error }, expect: {} },
    did: 'fired errorOccurred',
  },
  'error-claude': {
    case: {
      event: 'ErrorOccurred',
      payload: { ...SNAKE, hook_event_name: 'ErrorOccurred', error_context: 'model_call', recoverable: true, ...error },
      expect: {},
    },
    did: 'fired ErrorOccurred',
  },
  'session-end': { case: { event: 'sessionEnd', payload: { ...CAMEL, reason: 'complete' }, expect: {} }, did: 'fired sessionEnd' },
  'session-end-claude': {
    case: { event: 'SessionEnd', payload: { ...SNAKE, hook_event_name: 'SessionEnd', reason: 'complete' }, expect: {} },
    did: 'fired SessionEnd',
  },
};

describe('hookctl test --agent copilot: before any agent runs', () => {
  it('a missing binary is one line with the install command', async () => {
    const dir = project({}, {}, { deny: { ...tool('preToolUse', 'bash', bash('true')), expect: {} } });
    const result = await runCli(['test', '--agent', 'copilot', dir], { env: { PATH: '/usr/bin:/bin' } });
    expect(result.stderr.trim()).toBe(
      'hookctl: GitHub Copilot CLI (`copilot`) is not on PATH; ' +
        'install it with `npm install -g @github/copilot` or give its path with --agent-bin',
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(2);
  });

  it('a project cannot pick the binary: a `copilot` it ships (in its root, .github/hooks or node_modules/.bin) is never run', async () => {
    const dir = project({}, {}, { deny: { ...tool('preToolUse', 'bash', bash('true')), expect: {} } });
    const marker = join(dir, '..', 'planted-ran');
    const planted = `#!/bin/sh\ntouch ${JSON.stringify(marker)}\necho 'GitHub Copilot CLI 9.9.9.'\n`;
    for (const at of ['.', '.github/hooks', 'node_modules/.bin']) {
      mkdirSync(join(dir, at), { recursive: true });
      writeFileSync(join(dir, at, 'copilot'), planted);
      chmodSync(join(dir, at, 'copilot'), 0o755);
    }
    const result = await runCli(['test', '--agent', 'copilot', dir], { cwd: dir, env: { PATH: '/usr/bin:/bin' } });
    expect(result.stderr).toContain('hookctl: GitHub Copilot CLI (`copilot`) is not on PATH');
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });

  it('a workspace MCP server (.mcp.json, .github/mcp.json) is refused, naming the file and server', async () => {
    const dir = project({}, {}, { deny: { ...tool('preToolUse', 'bash', bash('true')), expect: {} } });
    writeFileSync(join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { exfil: { command: 'curl', args: ['https://example.com'] } } }));
    writeFileSync(join(dir, '.github', 'mcp.json'), '{ "mcpServers": { "remote": { "type": "http", "url": "https://example.com/mcp" } } }');
    const result = await runCli(['test', '--agent', 'copilot', dir, '--agent-bin', LOADER]);
    expect(result.stderr).toContain('hookctl: refusing to run GitHub Copilot CLI: the copied settings could send it off this machine');
    expect(result.stderr).toContain(
      `${join(dir, '.mcp.json')}: MCP server "exfil" would start a program that is not a hook inside the agent run`,
    );
    expect(result.stderr).toContain(`${join(dir, '.github', 'mcp.json')}: MCP server "remote" would start a program`);
    expect(result.stdout).toBe('');
    expect(result.code).toBe(2);
  });
});

describe.skipIf(skip !== null)(`hookctl test --agent copilot in GitHub Copilot CLI ${VERSION} (scripted model, jail)`, () => {
  it('a case of every event name Copilot fires in -p runs in the binary and agrees with hookctl', { timeout: 900_000 }, async () => {
    const events = Object.fromEntries(EVENTS.map((event) => [event, 'hook']));
    const cases = Object.fromEntries(Object.entries(EVERY_EVENT).map(([name, entry]) => [name, entry.case]));
    const dir = project({ hook: EVERY_EVENT_HOOK }, events, cases);
    const { result, report, byName } = await runAgent(dir);
    expect(report.agentVersion, result.stderr).toBe(VERSION);
    expect(new Set(report.results.map((r) => JSON.parse(readFileSync(join(dir, 'hooks-tests', r.name), 'utf8')).event))).toEqual(
      new Set(EVENTS),
    );
    for (const [name, entry] of Object.entries(EVERY_EVENT)) {
      const got = byName[name];
      expect(got?.status, `${name}: ${JSON.stringify(got)}`).toBe(entry.status ?? 'passed');
      if (typeof entry.did === 'string') expect(got?.agentDid, name).toBe(entry.did);
    }
    // hookctl predicts agentStop alone; the agent ran the Stop hook on the same action, and the report says so.
    expect(byName['agent-stop']?.disagreements).toEqual([
      {
        field: 'blocked',
        agentDid: 'went on after the final message (the stop was blocked)',
        hookctlPredicts:
          'the agent stops (for agentStop alone; Stop hooks are registered too and Copilot runs them on the same action: ' +
          'test them in a Stop case)',
        agentValue: true,
      },
    ]);
    expect(result.code).toBe(1);
  });

  it('a wrong hookctl prediction (a test double) is reported as a disagreement, not a pass', { timeout: 600_000 }, async () => {
    const dir = project({ hook: EVERY_EVENT_HOOK }, { preToolUse: 'hook' }, { deny: EVERY_EVENT.deny!.case });
    const home = temp('hookctl-copilot-agent-home-');
    const engine = await createEngine({ dialect: 'copilot', cwd: dir, home, bypassTrust: true, workspaceTrust: 'assume' });
    // hookctl's real outcome with the deny taken away: what a bug in the copilot protocol would predict.
    const predict = async (event: string, payload: unknown): Promise<Outcome> => {
      const outcome = (await engine.dispatch(event as never, payload as never)) as Outcome;
      return { ...outcome, decision: null, blocked: false, reason: null };
    };
    try {
      const report = await runAgentCases({
        driver: await (await loadDialect('copilot')).agentDriver!(),
        agentBin: COPILOT_BIN,
        predict,
        paths: [join(dir, 'hooks-tests', 'deny.case.json')],
        projectDir: dir,
        home,
        env: {},
      });
      const [only] = report.results;
      expect(only?.status, JSON.stringify(only)).toBe('disagrees');
      expect(only?.mismatches).toEqual([]);
      expect(only?.disagreements).toEqual([
        {
          field: 'decision',
          agentDid: 'denied the call: "Denied by preToolUse hook: no rm -rf here"',
          hookctlPredicts: 'no decision: the call runs',
          agentValue: 'deny',
        },
        {
          field: 'reason',
          agentDid: 'told the model "Denied by preToolUse hook: no rm -rf here"',
          hookctlPredicts: 'no reason',
          agentValue: 'Denied by preToolUse hook: no rm -rf here',
        },
      ]);
    } finally {
      await engine.close();
    }
  });

  it('--with-user-settings brings in ~/.copilot/hooks: its deny is seen only with the flag', { timeout: 600_000 }, async () => {
    const home = temp('hookctl-copilot-agent-home-');
    mkdirSync(join(home, '.copilot', 'hooks'), { recursive: true });
    const deny = {
      type: 'command',
      bash: `cat > /dev/null; printf %s '{"permissionDecision":"deny","permissionDecisionReason":"USER-NO"}'`,
    };
    writeFileSync(join(home, '.copilot', 'hooks', 'user.json'), JSON.stringify({ version: 1, hooks: { preToolUse: [deny] } }));
    const dir = project({}, {}, { user: { ...tool('preToolUse', 'bash', bash('echo hi')), expect: { decision: 'deny' } } });
    const env = { HOME: home, COPILOT_HOME: undefined };
    const without = await runAgent(dir, [], env);
    expect(without.byName.user, without.result.stderr).toMatchObject({ status: 'failed', agentDid: 'ran the call', disagreements: [] });
    const opted = await runAgent(dir, ['--with-user-settings'], env);
    expect(opted.byName.user, opted.result.stderr).toMatchObject({
      status: 'passed',
      agentDid: 'denied the call: "Denied by preToolUse hook: USER-NO"',
      disagreements: [],
    });
  });

  it('a $COPILOT_HOME user layer is in neither view without --with-user-settings', { timeout: 600_000 }, async () => {
    const moved = temp('hookctl-copilot-agent-moved-');
    mkdirSync(join(moved, 'hooks'), { recursive: true });
    const deny = {
      type: 'command',
      bash: `cat > /dev/null; printf %s '{"permissionDecision":"deny","permissionDecisionReason":"MOVED-NO"}'`,
    };
    writeFileSync(join(moved, 'hooks', 'user.json'), JSON.stringify({ version: 1, hooks: { preToolUse: [deny] } }));
    const dir = project({}, {}, { user: { ...tool('preToolUse', 'bash', bash('echo hi')), expect: {} } });
    // hookctl's prediction once read the caller's COPILOT_HOME hooks (a deny the agent never saw): a disagreement.
    const { result, byName } = await runAgent(dir, [], { HOME: temp('hookctl-copilot-agent-home-'), COPILOT_HOME: moved });
    expect(byName.user, result.stderr).toMatchObject({ status: 'passed', agentDid: 'ran the call', disagreements: [] });
  });

  it('a case file cannot name a binary: the key is refused and only --agent-bin runs', { timeout: 600_000 }, async () => {
    const dir = project({}, {}, {});
    const marker = join(dir, '..', 'planted-ran');
    writeFileSync(join(dir, 'copilot'), `#!/bin/sh\ntouch ${JSON.stringify(marker)}\n`);
    chmodSync(join(dir, 'copilot'), 0o755);
    const named = { ...tool('preToolUse', 'bash', bash('echo hi')), agentBin: join(dir, 'copilot'), expect: {} };
    writeFileSync(join(dir, 'hooks-tests', 'named.case.json'), JSON.stringify(named));
    const { result, report, byName } = await runAgent(dir);
    expect(report.agentVersion, result.stderr).toBe(VERSION);
    expect(byName.named).toMatchObject({ status: 'error', reason: expect.stringContaining('unknown key "agentBin"') });
    expect(existsSync(marker)).toBe(false);
  });

  it('a stop hook that blocks every stop is ended as a loop, naming the hook', { timeout: 600_000 }, async () => {
    const never = 'cat > /dev/null; echo BLOCKER-STDERR >&2; printf %s \'{"decision":"block","reason":"never stop"}\'';
    const payload = { ...CAMEL, transcriptPath: '/t', stopReason: 'end_turn', stop_hook_active: false };
    const dir = project({ never }, { agentStop: 'never' }, { loop: { event: 'agentStop', payload, expect: { blocked: true } } });
    const { result, byName } = await runAgent(dir);
    expect(byName.loop?.status, result.stderr).toBe('error');
    expect(byName.loop?.reason).toMatch(
      /^GitHub Copilot CLI kept re-entering agentStop: it fired \d+ times, the turn going on after each, and the run was ended; /,
    );
    expect(byName.loop?.reason).toContain('hook project:agentStop:0:0 (.github/hooks/hooks.json:');
    expect(byName.loop?.reason).toContain('blocked it: exit 0, stderr: "BLOCKER-STDERR"');
  });

  it("a project's hook reaches no network, writes outside the jail nor into the shared runtime, sees no caller's token", {
    timeout: 600_000,
  }, async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((done) => server.listen(0, '0.0.0.0', done));
    const port = (server.address() as AddressInfo).port;
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;
    const outside = temp('hookctl-copilot-outside-');
    chmodSync(outside, 0o777);
    const runtime = join(tmpdir(), `hookctl-copilot-runtime-${process.getuid?.() ?? 0}`);
    rmSync(join(runtime, 'pwned'), { force: true });
    const probe = [
      // hookctl's own prediction runs the hook on this host (as `hookctl test` does): only the agent's run probes.
      '[ -e "$HOME/.copilot/hooks/~~hookctl-witness.json" ] || exit 0',
      'cat > /dev/null',
      `net() { node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(3000) })` +
        `.then(() => console.log("reached"), () => console.log("unreachable"))' "$1"; }`,
      `ext=$(net "http://${external ?? '127.0.0.1'}:${port}/external"); lo=$(net "http://127.0.0.1:${port}/loopback")`,
      `if echo x > ${JSON.stringify(join(outside, 'pwned'))} 2>/dev/null; then out=written; else out=refused; fi`,
      `if echo x > ${JSON.stringify(join(runtime, 'pwned'))} 2>/dev/null; then cache=written; else cache=refused; fi`,
      `reason="ext=$ext lo=$lo outside=$out cache=$cache token=\${GH_TOKEN:-none}"`,
      `printf '{"permissionDecision":"deny","permissionDecisionReason":"%s"}' "$reason"`,
    ].join('\n');
    const dir = project({ probe }, { preToolUse: 'probe' }, { probe: { ...tool('preToolUse', 'bash', bash('echo hi')), expect: {} } });
    try {
      // The caller's token and provider variables are not the agent's: it still talks to the scripted model only.
      const env = { GH_TOKEN: 'ghp-caller-secret', COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`, COPILOT_HOME: outside };
      const { result, byName } = await runAgent(dir, [], env);
      expect(byName.probe?.agentDid, result.stderr).toBe(
        'denied the call: "Denied by preToolUse hook: ext=unreachable lo=unreachable outside=refused cache=refused token=none"',
      );
      expect(hits).toEqual([]);
      expect(existsSync(join(outside, 'pwned'))).toBe(false);
      expect(existsSync(join(runtime, 'pwned'))).toBe(false);
    } finally {
      server.close();
    }
  });
});
