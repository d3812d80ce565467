import type { HookExample } from '../../kit/index.js';

const REASON = 'Blocked by the project hook policy.';

/**
 * What a gemini hook can do for an event, in Gemini CLI's wire form (hookRunner.ts, hookAggregator.ts,
 * types.ts): JSON on stdout (read on any exit code), or exit 2 with the reason as plain text on
 * stderr. Every JSON example is valid against `schema/gemini/events/<event>.output.json`.
 */
export function geminiExamples(event: string): HookExample[] {
  const hso = (fields: Record<string, unknown>) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
  const block = (title: string): HookExample => ({ id: 'block', title, exitCode: 0, stdout: { decision: 'deny', reason: REASON } });
  const exit2 = (title: string): HookExample => ({ id: 'block-exit-2', title, exitCode: 2, stderr: REASON });
  const context: HookExample = {
    id: 'context',
    title: 'add context for the model',
    exitCode: 0,
    stdout: hso({ additionalContext: `Extra context from the ${event} hook.` }),
  };
  const stop: HookExample = {
    id: 'stop',
    title: 'stop the agent',
    exitCode: 0,
    stdout: { continue: false, stopReason: 'Stopped by the project hook.' },
  };
  const warn: HookExample = {
    id: 'warn',
    title: 'show the user a message',
    exitCode: 0,
    stdout: { systemMessage: `Note from the ${event} hook.` },
  };
  switch (event) {
    case 'BeforeTool':
      return [
        block('deny the tool call; the reason goes to the model'),
        exit2('deny the tool call by exit code 2; stderr is the reason'),
        {
          id: 'ask',
          title: 'ask the user to confirm the call',
          exitCode: 0,
          stdout: { decision: 'ask', reason: 'Please confirm this call.' },
        },
        {
          id: 'rewrite-input',
          title: 'replace the tool arguments',
          exitCode: 0,
          stdout: hso({ tool_input: { command: 'echo rewritten' } }),
        },
        stop,
      ];
    case 'AfterTool':
      return [block('hide the tool result from the model; the reason replaces it'), context, stop];
    case 'BeforeAgent':
      return [block('block the prompt'), exit2('block the prompt by exit code 2'), context, stop];
    case 'AfterAgent':
      return [
        {
          id: 'block',
          title: 'reject the answer: the agent retries with the reason as its prompt',
          exitCode: 0,
          stdout: { decision: 'deny', reason: 'Run the tests before answering.' },
        },
        { id: 'clear-context', title: 'clear the conversation context', exitCode: 0, stdout: hso({ clearContext: true }) },
        stop,
      ];
    case 'BeforeModel':
      return [
        block('block the model request'),
        {
          id: 'rewrite-request',
          title: 'change the model request',
          exitCode: 0,
          stdout: hso({ llm_request: { config: { temperature: 0 } } }),
        },
      ];
    case 'AfterModel':
      return [block('block the model response')];
    case 'BeforeToolSelection':
      return [
        {
          id: 'tool-config',
          title: 'let the model use only these tools',
          exitCode: 0,
          stdout: hso({ toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file', 'glob'] } }),
        },
      ];
    case 'SessionStart':
      return [context, warn];
    default:
      return [warn];
  }
}
