import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine, type Outcome } from '../../../src/index.js';
import { command, group, hooks, makeClaudeSandbox, printJson } from '../../dialects/claude/sandbox.js';
import { documentedInput, eventOf, fixtureFiles, readFixture, sourceOf } from './harness.js';

/**
 * Every documented hook output (test/fixtures/claude/<event>/*.output.json), printed by a real hook
 * with exit 0 on its event's documented input, and what the docs say it does. Each row names the
 * sentence of the docs it checks, after the source line the README gives for the output.
 */
const EXPECTED: Record<string, { says: string; outcome: Partial<Outcome> }> = {
  'config-change/block.output.json': {
    says: 'hooks.md §ConfigChange decision control: "block" prevents the change',
    outcome: { blocked: true, reason: 'Configuration changes to project settings require admin approval' },
  },
  'elicitation-result/decline.output.json': {
    says: 'hooks.md §ElicitationResult output: the hook overrides the action',
    outcome: { blocked: true, dialectOutput: { action: 'decline' } },
  },
  'elicitation/accept.output.json': {
    says: 'hooks.md §Elicitation output: accept with the form content, no dialog',
    outcome: { blocked: false, dialectOutput: { action: 'accept', content: { username: 'alice' } } },
  },
  'message-display/plain-display.output.json': {
    says: 'hooks.md §MessageDisplay output: displayContent replaces what is shown',
    outcome: { dialectOutput: { displayContent: 'Here is the plan:\n' } },
  },
  'notification/desktop-notification.output.json': {
    says: 'hooks.md §Emit terminal notifications: the sequence is emitted',
    outcome: { dialectOutput: { terminalSequences: ['\u001b]777;notify;Claude Code;Claude needs your permission\u0007'] } },
  },
  'permission-denied/retry.output.json': {
    says: 'hooks.md §PermissionDenied decision control: retry tells the model it may retry',
    outcome: { dialectOutput: { retry: true } },
  },
  'permission-request/allow-set-mode.output.json': {
    says: 'hooks-guide.md §Auto-approve: allow and switch to acceptEdits for the session',
    outcome: {
      decision: 'allow',
      blocked: false,
      dialectOutput: { updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] },
    },
  },
  'permission-request/allow-updated-input.output.json': {
    says: 'hooks.md §PermissionRequest decision control: allow with a modified input',
    outcome: { decision: 'allow', updatedInput: { command: 'npm run lint' } },
  },
  'permission-request/allow.output.json': {
    says: 'hooks-guide.md §Auto-approve: the dialog is skipped',
    outcome: { decision: 'allow', blocked: false },
  },
  'post-tool-batch/context.output.json': {
    says: 'hooks.md §PostToolBatch decision control: context before the next model call',
    outcome: {
      blocked: false,
      stop: false,
      additionalContext: 'These files are part of the ledger module. Run pytest before marking the task complete.',
    },
  },
  'post-tool-use-failure/context.output.json': {
    says: 'hooks.md §PostToolUseFailure decision control: context alongside the error',
    outcome: { additionalContext: 'Additional information about the failure for Claude' },
  },
  'post-tool-use/classifier-context.output.json': {
    says: 'hooks.md §Annotate a result for the auto mode classifier',
    outcome: { dialectOutput: { classifierContext: 'This query ran against the staging database, not production.' } },
  },
  'post-tool-use/generated-file-context.output.json': {
    says: 'hooks.md §Add context for Claude',
    outcome: { additionalContext: 'This file is generated. Edit src/schema.ts and run `bun generate` instead.' },
  },
  'post-tool-use/replace-bash-output.output.json': {
    says: 'hooks.md §PostToolUse decision control: updatedToolOutput replaces what Claude sees',
    outcome: {
      additionalContext: 'Additional information for Claude',
      dialectOutput: { updatedToolOutput: { stdout: '[redacted]', stderr: '', interrupted: false, isImage: false } },
    },
  },
  'post-tool-use/stop-build-failed.output.json': {
    says: 'hooks.md §JSON output: continue false stops Claude entirely',
    outcome: { stop: true, stopReason: 'Build failed, fix errors before continuing' },
  },
  'pre-compact/block.output.json': { says: 'hooks.md §PreCompact: block compaction', outcome: { blocked: true } },
  'pre-tool-use/allow-rewrite-with-context.output.json': {
    says: 'hooks.md §PreToolUse decision control: allow, rewrite the input, add context',
    outcome: {
      decision: 'allow',
      blocked: false,
      updatedInput: { field_to_modify: 'new value' },
      additionalContext: 'Current environment: production. Proceed with caution.',
    },
  },
  'pre-tool-use/deny-database-writes.output.json': {
    says: 'hooks.md §Decision control: PreToolUse deny',
    outcome: { decision: 'deny', blocked: true, reason: 'Database writes are not allowed' },
  },
  'pre-tool-use/deny-destructive.output.json': {
    says: 'hooks.md §How a hook resolves: the call is denied',
    outcome: { decision: 'deny', blocked: true, reason: 'Destructive command blocked by hook' },
  },
  'pre-tool-use/deny-use-rg.output.json': {
    says: 'hooks-guide.md §Structured JSON output: deny with a reason Claude sees',
    outcome: { decision: 'deny', reason: 'Use rg instead of grep for better performance' },
  },
  'session-start/context-and-title.output.json': {
    says: 'hooks.md §SessionStart decision control: context and a session title',
    outcome: {
      additionalContext:
        'Current branch: feat/auth-refactor\nUncommitted changes: src/auth.ts, src/login.tsx\nActive issue: #4211 Migrate to OAuth2',
      dialectOutput: { sessionTitle: 'auth-refactor', envFileContent: '' },
    },
  },
  'session-start/reload-skills.output.json': {
    says: 'hooks.md §SessionStart decision control: reloadSkills',
    outcome: { dialectOutput: { reloadSkills: true, envFileContent: '' } },
  },
  'setup/context.output.json': {
    says: 'hooks.md §Setup decision control: context for Claude',
    outcome: { additionalContext: 'Dependencies installed: node_modules, .venv' },
  },
  'stop/block-tests-must-pass.output.json': {
    says: 'hooks.md §Decision control: Stop block keeps Claude working',
    outcome: { blocked: true, reason: 'Test suite must pass before proceeding' },
  },
  'stop/block.output.json': {
    says: 'hooks.md §Stop decision control: block with the reason Claude gets',
    outcome: { blocked: true, reason: 'Must be provided when Claude is blocked from stopping' },
  },
  'stop/feedback.output.json': {
    says: 'hooks.md §Stop decision control: additionalContext continues the turn (the binary: a continuation, as a block)',
    outcome: { blocked: true, additionalContext: 'Please run the test suite before finishing', dialectOutput: { continues: true } },
  },
  'subagent-start/context.output.json': {
    says: 'hooks.md §SubagentStart: context into the subagent',
    outcome: { additionalContext: 'Follow security guidelines for this task' },
  },
  'task-completed/stop-teammate.output.json': {
    says: 'hooks.md §TaskCompleted decision control: stop the teammate',
    outcome: { stop: true, stopReason: 'Tests not passing. Fix failing tests before completing.' },
  },
  'task-created/block.output.json': {
    says: 'hooks.md §TaskCreated decision control: the creation is rolled back',
    outcome: { blocked: true, reason: "Task subject must start with a ticket number, e.g. '[TICKET-123] Add feature'" },
  },
  'teammate-idle/stop-teammate.output.json': {
    says: 'hooks.md §TeammateIdle decision control: stop the teammate',
    outcome: { stop: true, stopReason: 'Build artifact missing. Run the build before stopping.' },
  },
  'user-prompt-expansion/block-with-context.output.json': {
    says: 'hooks.md §UserPromptExpansion decision control: block, context kept',
    outcome: { blocked: true, reason: 'This slash command is not available', additionalContext: 'Additional context for this expansion' },
  },
  'user-prompt-submit/block-with-context.output.json': {
    says: 'hooks.md §UserPromptSubmit decision control: the prompt is blocked, context and title kept',
    outcome: {
      blocked: true,
      reason: 'Explanation for decision',
      additionalContext: 'My additional context here',
      dialectOutput: { sessionTitle: 'My session title' },
    },
  },
  'user-prompt-submit/context.output.json': {
    says: 'hooks-guide.md §Structured JSON output: context for Claude',
    outcome: { additionalContext: 'Current branch: release-42. Deploy freeze until Friday.' },
  },
  'worktree-create/http-path.output.json': {
    says: 'hooks.md §WorktreeCreate output: an HTTP hook answers worktreePath',
    outcome: { blocked: false, dialectOutput: { worktreePath: '/absolute/path' } },
  },
};

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())).then(() => (server = null)));

/** A server answering every POST with `body`: WorktreeCreate's path comes from an HTTP hook only. */
async function serve(body: string): Promise<string> {
  server = createServer((request, response) =>
    request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end(body)),
  );
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/worktree`;
}

describe('claude conformance: every documented hook output', () => {
  it('covers every output fixture', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(fixtureFiles('output'));
  });

  it.each(fixtureFiles('output').map((file) => [file, sourceOf(file)]))('%s (%s)', async (file) => {
    const event = eventOf(file.split('/')[0]!);
    const output = readFixture(file);
    const box = makeClaudeSandbox();
    const handler = event === 'WorktreeCreate' ? { type: 'http', url: await serve(JSON.stringify(output)) } : command(printJson(output));
    box.settings('project/.claude/settings.json', hooks({ [event]: [group([handler])] }));
    const engine = await createEngine({
      dialect: 'claude',
      cwd: box.project,
      home: box.home,
      managedConfigPath: box.managed,
      env: { PATH: process.env.PATH },
      workspaceTrust: 'assume',
    });
    const payload = { ...(await box.payload(event)), ...(documentedInput(event) ?? {}), cwd: box.project };
    const outcome = await engine.dispatch(event as never, payload as never);
    await engine.close();
    expect(outcome.runs[0]!.error).toBeNull();
    expect(outcome.warnings).toEqual([]);
    expect(outcome, EXPECTED[file]!.says).toMatchObject(EXPECTED[file]!.outcome);
  });
});
