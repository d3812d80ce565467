import type { HookExample } from '../../kit/index.js';
import { EVENT_RULES } from './event-rules.js';

const REASON = 'Blocked by the project hook policy.';

/**
 * What a claude hook can do for an event, in Claude Code's exact wire form (SPEC-dialects 8.4, 8.5;
 * cc hooks, each event's "decision control" section): JSON on stdout with exit 0, plain text where
 * the event reads it, or exit 2 with the reason on stderr where exit 2 has an effect. Every JSON
 * example is valid against `schema/claude/events/<event>.output.json`, and no example uses a
 * field the event discards (`continue` on FileChanged, `systemMessage` on PreCompact, …): what is
 * shown here is what Claude acts on. Events that act only through side effects get none.
 */
export function claudeExamples(event: string): HookExample[] {
  const rules = EVENT_RULES[event];
  if (rules === undefined) return [];
  const hso = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
  const keeps = (field: string) => rules.discards !== 'all' && !rules.discards.includes(field);
  const context: HookExample = {
    id: 'context',
    title: 'add context for Claude',
    exitCode: 0,
    stdout: hso({ additionalContext: `Extra context from the ${event} hook.` }),
  };
  const contextText: HookExample = {
    id: 'context-text',
    title: 'add context for Claude as plain text on stdout',
    exitCode: 0,
    stdoutText: `Extra context from the ${event} hook.`,
  };
  const block = (title: string, reason = REASON): HookExample => ({
    id: 'block',
    title,
    exitCode: 0,
    stdout: { decision: 'block', reason },
  });
  const exit2 = (title: string, stderr = REASON): HookExample => ({ id: 'block-exit-2', title, exitCode: 2, stderr });
  const watch: HookExample = {
    id: 'watch',
    title: 'watch these files; FileChanged hooks fire when they change',
    exitCode: 0,
    stdout: hso({ watchPaths: ['.envrc', '.env'] }),
  };

  const specific: Record<string, HookExample[]> = {
    SessionStart: [
      context,
      contextText,
      {
        id: 'session-title',
        title: 'name the session (startup, resume and fork only)',
        exitCode: 0,
        stdout: hso({ sessionTitle: 'Work on the hook guard' }),
      },
      watch,
    ],
    Setup: [context],
    UserPromptSubmit: [
      block('block the prompt and erase it; the reason is shown to the user, not Claude'),
      exit2('block the prompt by exit code 2; stderr is shown to the user'),
      context,
      contextText,
      { id: 'session-title', title: 'name the session', exitCode: 0, stdout: hso({ sessionTitle: 'Work on the hook guard' }) },
    ],
    UserPromptExpansion: [
      block('block the expansion; the reason is shown to the user'),
      exit2('block the expansion by exit code 2; stderr is shown to the user'),
      context,
      contextText,
    ],
    MessageDisplay: [
      {
        id: 'display',
        title: 'show this text in place of these lines of the message',
        exitCode: 0,
        stdout: hso({ displayContent: 'Shown in place of the streamed lines.' }),
      },
    ],
    // A guard on a skill's or command's `!` shell line (Claude Code 2.1.332; test/agents/claude cases):
    // deny, ask and exit 2 all keep the line from running.
    PreSkillShellCommand: [
      {
        id: 'block',
        title: "keep the skill's shell command from running; the reason is shown",
        exitCode: 0,
        stdout: hso({ permissionDecision: 'deny', permissionDecisionReason: REASON }),
      },
      exit2("keep the skill's shell command from running by exit code 2"),
      {
        id: 'ask',
        title: 'ask before the command runs (in a -p session it does not run)',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'ask', permissionDecisionReason: 'Please confirm this command.' }),
      },
    ],
    PreToolUse: [
      {
        id: 'block',
        title: 'deny the tool call; the reason goes to Claude',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'deny', permissionDecisionReason: REASON }),
      },
      exit2('deny the tool call by exit code 2; stderr goes to Claude'),
      {
        id: 'allow',
        title: 'allow the tool call without a permission prompt',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'allow', permissionDecisionReason: 'Allowed by the project hook policy.' }),
      },
      {
        id: 'ask',
        title: 'ask the user to confirm the call',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'ask', permissionDecisionReason: 'Please confirm this call.' }),
      },
      {
        id: 'defer',
        title: 'pause a -p session here, to resume later (one tool call only)',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'defer' }),
      },
      {
        id: 'rewrite-input',
        title: 'allow the call with a rewritten tool input (it replaces the whole input)',
        exitCode: 0,
        stdout: hso({ permissionDecision: 'allow', updatedInput: { command: 'echo "rewritten by the hook"' } }),
      },
      context,
    ],
    PermissionRequest: [
      { id: 'allow', title: 'approve the request; no dialog is shown', exitCode: 0, stdout: hso({ decision: { behavior: 'allow' } }) },
      {
        id: 'block',
        title: 'deny the request; the message goes to Claude',
        exitCode: 0,
        stdout: hso({ decision: { behavior: 'deny', message: REASON } }),
      },
    ],
    PostToolUse: [
      block('send feedback to Claude next to the tool result', 'The tool result needs a second look.'),
      exit2('send feedback by exit code 2; stderr goes to Claude', 'The tool result needs a second look.'),
      context,
    ],
    PostToolUseFailure: [
      context,
      block('send feedback to Claude about the failure', 'Check the arguments before retrying.'),
      exit2('send feedback by exit code 2; stderr goes to Claude', 'Check the arguments before retrying.'),
    ],
    PostToolBatch: [
      block('stop the agentic loop before the next model call; the reason is the message'),
      exit2('stop the loop by exit code 2; stderr is the message'),
      context,
    ],
    PermissionDenied: [{ id: 'retry', title: 'tell Claude it may retry the denied call', exitCode: 0, stdout: hso({ retry: true }) }],
    SubagentStart: [context],
    SubagentStop: [
      block('keep the subagent working; the reason is its next instruction', 'Continue: the task is not finished yet.'),
      exit2('keep the subagent working by exit code 2; stderr is its next instruction', 'Continue: the task is not finished yet.'),
      context,
    ],
    TaskCreated: [
      block('refuse to create the task; the reason goes to Claude'),
      exit2('refuse the task by exit code 2; stderr goes to Claude'),
    ],
    TaskCompleted: [exit2('keep the task open by exit code 2; stderr goes to the model', 'Not done: the tests are failing.')],
    Stop: [
      block('keep Claude working; the reason is its next instruction', 'Continue: run the tests before finishing.'),
      exit2('keep Claude working by exit code 2; stderr is its next instruction', 'Continue: run the tests before finishing.'),
      context,
    ],
    TeammateIdle: [exit2('keep the teammate working by exit code 2; stderr is its feedback', 'Continue: pick the next open task.')],
    ConfigChange: [block('block the settings change (never policy settings)'), exit2('block the change by exit code 2')],
    CwdChanged: [watch],
    FileChanged: [watch],
    WorktreeCreate: [
      {
        id: 'worktree-path',
        title: 'create the worktree yourself and print its path (the last line of stdout)',
        exitCode: 0,
        stdoutText: '/tmp/claude-worktrees/feature',
      },
      exit2('fail the worktree creation (any non-zero exit does)', 'Worktree creation is disabled in this project.'),
    ],
    PreCompact: [block('block the compaction'), exit2('block the compaction by exit code 2; stderr is shown to the user')],
    Elicitation: [
      { id: 'accept', title: 'answer the MCP server without asking the user', exitCode: 0, stdout: hso({ action: 'accept', content: {} }) },
      { id: 'decline', title: 'decline the request without asking the user', exitCode: 0, stdout: hso({ action: 'decline' }) },
      exit2('decline by exit code 2 (stderr is shown nowhere)'),
    ],
    ElicitationResult: [
      { id: 'decline', title: 'turn the answer of the user into a decline', exitCode: 0, stdout: hso({ action: 'decline' }) },
      exit2('decline by exit code 2 (stderr is shown nowhere)'),
    ],
  };

  const common: HookExample[] = [];
  if (keeps('continue'))
    common.push({
      id: 'stop',
      title: 'stop Claude after this hook; the reason is shown to the user',
      exitCode: 0,
      stdout: { continue: false, stopReason: `Stopped by the ${event} hook.` },
    });
  // DirectoryAdded hands systemMessage to Claude on the next turn (slash_command) or to the debug log.
  const messageTitle = event === 'DirectoryAdded' ? 'tell Claude on its next turn (after /add-dir)' : 'show the user a message';
  if (keeps('systemMessage'))
    common.push({ id: 'warn', title: messageTitle, exitCode: 0, stdout: { systemMessage: `Message from the ${event} hook.` } });
  return [...(specific[event] ?? []), ...common];
}
