import type { Decision } from '../../../src/kit/outcome.js';
import { type AgentCase, type HookBehaviour, hookCommand, type Turn } from './harness.js';

/**
 * The real-Gemini-CLI cases: given (settings layout, hook scripts, model turns, flags) → want (what
 * Gemini CLI 0.61.0 was observed to do). The test checks Gemini against `want`, then asks hookctl
 * about the payload the hook really received and checks that it says the same.
 */
export interface Want {
  /** The marker command (`echo ran > $ROOT/ran.txt`) ran. */
  readonly toolRan?: boolean;
  /** A file the model's write_file/replace call targets exists with this content (null: absent). */
  readonly file?: { readonly path: string; readonly content: string | null };
  /** Texts the model saw in its last request (also, unless `feedbackOnlyModel`, in hookctl's additionalContext or reason). */
  readonly feedback?: readonly string[];
  /** Texts the model saw that do not come from a reason or context (a rewritten request). */
  readonly modelSees?: readonly string[];
  /** The text of hookctl's merged `llm_response` (AfterModel replacement). */
  readonly llmResponseText?: string;
  /** The text of hookctl's merged `llm_request` messages (BeforeModel rewrite). */
  readonly llmRequestText?: string;
  /** Texts that must not reach the model. */
  readonly unseen?: readonly string[];
  /** Hook name → how many times Gemini ran it (all events). */
  readonly calls?: Readonly<Record<string, number>>;
  /** How many main-conversation model requests Gemini made. */
  readonly modelRequests?: number;
  /** The final response text (`--output-format json`). */
  readonly response?: string;
  /** Gemini's exit code. */
  readonly exitCode?: number;
  /** hookctl's verdict for the compared event. */
  readonly decision?: Decision | null;
  readonly blocked?: boolean;
  readonly stop?: boolean;
  readonly reason?: string | null;
  readonly additionalContext?: string | null;
  readonly updatedInput?: unknown;
  /** Variables the hook's environment had (name → value) and did not have, as Gemini ran it. */
  readonly hookEnv?: { readonly has?: Readonly<Record<string, string>>; readonly lacks?: readonly string[] };
  /** Texts Gemini printed (stdout or stderr, outside the model's view). */
  readonly printed?: readonly string[];
  /** Entries of the JSON output's `warnings`. */
  readonly warnings?: readonly string[];
  /** hookctl's system message (one of `systemMessages`). */
  readonly systemMessage?: string;
  readonly stopReason?: string | null;
  /** Gemini does not finish by itself (the harness kills it at the case's timeoutMs). */
  readonly hangs?: true;
  /** The function-calling mode of the last model request (BeforeToolSelection toolConfig). */
  readonly toolConfigMode?: string;
  /** False: Gemini never ran the case's hooks here, so hookctl must run none of them either. */
  readonly fires?: false;
}

export interface Case {
  readonly name: string;
  /** The event whose outcome hookctl is asked about (from the first captured payload of it). */
  readonly event: string;
  readonly given: AgentCase;
  readonly want: Want;
}

export const MARK = 'echo ran > $ROOT/ran.txt';

const shell = (command: string): Turn => ({ tools: [{ name: 'run_shell_command', args: { command, description: 'run it' } }] });
const hso = (event: string, fields: object) => ({ hookSpecificOutput: { hookEventName: event, ...fields } });
const handler = (name: string, extra: object = {}) => ({ type: 'command', command: hookCommand(name), ...extra });
const table = (event: string, names: readonly string[], matcher?: string, extra: object = {}, definition: object = {}) => ({
  [event]: [{ ...(matcher === undefined ? {} : { matcher }), ...definition, hooks: names.map((name) => handler(name, extra)) }],
});
const project = (hooks: object, more: object = {}) => ({ 'project/.gemini/settings.json': { hooks, ...more } });
const user = (hooks: object, more: object = {}) => ({ 'home/.gemini/settings.json': { hooks, ...more } });

/** One hook `g` on `event` (matcher optional) in project settings, the model running the marker command. */
function one(event: string, behaviour: HookBehaviour, options: { matcher?: string; turns?: Turn[]; extra?: object } = {}): AgentCase {
  return {
    hooks: { g: behaviour },
    files: project(table(event, ['g'], options.matcher, options.extra)),
    turns: options.turns ?? [shell(MARK)],
  };
}

const SH = 'run_shell_command';
const deny = { stdout: { decision: 'deny', reason: 'no way' } };

const beforeTool: Case[] = [
  {
    name: 'JSON deny: the tool does not run, the reason reaches the model',
    event: 'BeforeTool',
    given: one('BeforeTool', deny, { matcher: SH }),
    want: { toolRan: false, feedback: ['no way'], decision: 'deny', blocked: true, reason: 'no way' },
  },
  {
    name: 'exit 2 with plain stderr denies with the stderr text',
    event: 'BeforeTool',
    given: one('BeforeTool', { exit: 2, stderr: 'rm is not allowed' }, { matcher: SH }),
    want: { toolRan: false, feedback: ['rm is not allowed'], decision: 'deny', blocked: true, reason: 'rm is not allowed' },
  },
  {
    // Issue 39 (lint output-ignored silentExitTwo): with no stdout and no stderr there is no output to deny with.
    name: 'exit 2 with nothing written denies nothing: the tool runs',
    event: 'BeforeTool',
    given: one('BeforeTool', { exit: 2 }, { matcher: SH }),
    want: { toolRan: true, blocked: false },
  },
  {
    name: 'JSON on exit 2 wins over stderr',
    event: 'BeforeTool',
    given: one('BeforeTool', { stdout: { decision: 'block', reason: 'json reason' }, stderr: 'stderr text', exit: 2 }, { matcher: SH }),
    want: { toolRan: false, feedback: ['json reason'], unseen: ['stderr text'], decision: 'deny', blocked: true },
  },
  {
    // Nothing answers the confirmation in -p mode: Gemini waits until it is killed (here after 20 s;
    // less is flaky on a loaded machine, where startup alone can take seconds).
    name: 'decision ask in headless --yolo: the tool waits for a confirmation that never comes',
    event: 'BeforeTool',
    given: { ...one('BeforeTool', { stdout: { decision: 'ask', reason: 'check me' } }, { matcher: SH }), timeoutMs: 20_000 },
    want: { hangs: true, toolRan: false, modelRequests: 1, decision: 'ask', blocked: false },
  },
  {
    name: 'JSON allow lets the tool run',
    event: 'BeforeTool',
    given: one('BeforeTool', { stdout: { decision: 'allow' } }, { matcher: SH }),
    want: { toolRan: true, blocked: false },
  },
  {
    // Gemini's runner reads a non-blocking failure as `decision: "allow"` with a warning.
    name: 'exit 1 is a non-blocking error: the tool runs',
    event: 'BeforeTool',
    given: one('BeforeTool', { exit: 1, stderr: 'oops' }, { matcher: SH }),
    want: { toolRan: true, decision: 'allow', blocked: false },
  },
  {
    name: 'JSON is read on exit 1 too: a deny printed before exit 1 denies',
    event: 'BeforeTool',
    given: one('BeforeTool', { ...deny, exit: 1 }, { matcher: SH }),
    want: { toolRan: false, feedback: ['no way'], decision: 'deny', blocked: true },
  },
  {
    name: 'tool_input rewrite: the rewritten command runs',
    event: 'BeforeTool',
    given: one(
      'BeforeTool',
      { stdout: hso('BeforeTool', { tool_input: { command: MARK, description: 'rewritten' } }) },
      {
        matcher: SH,
        turns: [shell('echo original')],
      },
    ),
    want: { toolRan: true, blocked: false, updatedInput: { command: MARK, description: 'rewritten' } },
  },
  {
    name: 'additionalContext on BeforeTool',
    event: 'BeforeTool',
    given: one('BeforeTool', { stdout: hso('BeforeTool', { additionalContext: 'bt ctx' }) }, { matcher: SH }),
    want: { toolRan: true, additionalContext: 'bt ctx' },
  },
  {
    name: 'continue:false stops the agent before the tool',
    event: 'BeforeTool',
    given: one('BeforeTool', { stdout: { continue: false, stopReason: 'halt now' } }, { matcher: SH }),
    want: { toolRan: false, stop: true },
  },
];

const matchers: Case[] = [
  ...(
    [
      ['write_file', false],
      ['run_shell.*', true],
      ['^(write_file|run_shell_command)$', true],
      ['*', true],
      ['', true],
      ['Shell', false],
    ] as const
  ).map(
    ([matcher, runs]): Case => ({
      name: `matcher ${JSON.stringify(matcher)} ${runs ? 'selects' : 'does not select'} run_shell_command`,
      event: 'BeforeTool',
      given: one('BeforeTool', { exit: 2, stderr: 'guarded' }, { matcher }),
      want: runs ? { toolRan: false, decision: 'deny', calls: { g: 1 } } : { toolRan: true, calls: { g: 0 }, fires: false },
    }),
  ),
  {
    name: 'matcher write_file denies a write_file call: the file is not written',
    event: 'BeforeTool',
    given: one('BeforeTool', deny, {
      matcher: 'write_file',
      turns: [{ tools: [{ name: 'write_file', args: { file_path: '$ROOT/project/out.txt', content: 'hello' } }] }],
    }),
    want: { file: { path: 'project/out.txt', content: null }, decision: 'deny', blocked: true, feedback: ['no way'] },
  },
  {
    name: 'matcher replace denies a replace call: the file keeps its text',
    event: 'BeforeTool',
    given: {
      ...one('BeforeTool', deny, {
        matcher: 'replace',
        turns: [
          {
            tools: [
              {
                name: 'replace',
                args: { file_path: '$ROOT/project/a.txt', old_string: 'old text', new_string: 'new text', instruction: 'change it' },
              },
            ],
          },
        ],
      }),
      files: { ...project(table('BeforeTool', ['g'], 'replace')), 'project/a.txt': 'old text\n' },
    },
    want: { file: { path: 'project/a.txt', content: 'old text\n' }, decision: 'deny', blocked: true },
  },
  {
    name: 'a rewrite of write_file content is what gets written',
    event: 'BeforeTool',
    given: one(
      'BeforeTool',
      { stdout: hso('BeforeTool', { tool_input: { file_path: '$ROOT/project/out.txt', content: 'rewritten' } }) },
      {
        matcher: 'write_file',
        turns: [{ tools: [{ name: 'write_file', args: { file_path: '$ROOT/project/out.txt', content: 'original' } }] }],
      },
    ),
    want: {
      file: { path: 'project/out.txt', content: 'rewritten' },
      updatedInput: { file_path: '$ROOT/project/out.txt', content: 'rewritten' },
    },
  },
];

const handlers: Case[] = [
  {
    name: 'sequential: true chains rewrites: the second hook sees and extends the first rewrite',
    event: 'BeforeTool',
    given: {
      hooks: {
        a: { stdout: hso('BeforeTool', { tool_input: { command: 'echo first', description: 'a' } }) },
        b: { stdout: hso('BeforeTool', { tool_input: { command: MARK, description: 'b' } }) },
      },
      files: project(table('BeforeTool', ['a', 'b'], SH, {}, { sequential: true })),
      turns: [shell('echo original')],
    },
    want: { toolRan: true, calls: { a: 1, b: 1 }, updatedInput: { command: MARK, description: 'b' } },
  },
  {
    name: 'a hook past its timeout (milliseconds) is a non-blocking error; the tool runs',
    event: 'BeforeTool',
    given: {
      hooks: { g: { sleep: 3, exit: 2, stderr: 'late' } },
      files: project(table('BeforeTool', ['g'], SH, { timeout: 500 })),
      turns: [shell(MARK)],
    },
    want: { toolRan: true, calls: { g: 1 }, blocked: false },
  },
  {
    name: 'two hooks: a deny wins over an allow',
    event: 'BeforeTool',
    given: {
      hooks: { a: { stdout: { decision: 'allow' } }, g: deny },
      files: project(table('BeforeTool', ['a', 'g'], SH)),
      turns: [shell(MARK)],
    },
    want: { toolRan: false, decision: 'deny', calls: { a: 1, g: 1 }, feedback: ['no way'] },
  },
];

const guard = { exit: 2, stderr: 'guarded' };
const guardTable = table('BeforeTool', ['g'], SH);
const guarded = (files: Record<string, unknown>, extra: Partial<AgentCase> = {}): AgentCase => ({
  hooks: { g: guard },
  files,
  turns: [shell(MARK)],
  ...extra,
});
const extension = (hooks: object) => ({
  'home/.gemini/extensions/guard/gemini-extension.json': { name: 'guard', version: '1.0.0' },
  'home/.gemini/extensions/guard/hooks/hooks.json': { hooks },
});

const layers: Case[] = [
  {
    name: 'user settings ($GEMINI_CLI_HOME/.gemini/settings.json)',
    event: 'BeforeTool',
    given: guarded(user(guardTable)),
    want: { toolRan: false, decision: 'deny', feedback: ['guarded'] },
  },
  {
    name: 'an extension (hooks/hooks.json)',
    event: 'BeforeTool',
    given: guarded(extension(guardTable)),
    want: { toolRan: false, decision: 'deny', calls: { g: 1 } },
  },
  {
    name: 'the same name and command in user and project settings runs once',
    event: 'BeforeTool',
    given: {
      hooks: { g: {} },
      files: {
        ...project(table('BeforeTool', ['g'], SH, { name: 'same' })),
        ...user(table('BeforeTool', ['g'], SH, { name: 'same' })),
      },
      turns: [shell(MARK)],
    },
    want: { toolRan: true, calls: { g: 1 } },
  },
  {
    name: 'hooksConfig.disabled names a hook: it does not run',
    event: 'BeforeTool',
    given: guarded({
      ...project(table('BeforeTool', ['g'], SH, { name: 'the-guard' })),
      ...user({}, { hooksConfig: { disabled: ['the-guard'] } }),
    }),
    want: { toolRan: true, calls: { g: 0 }, fires: false },
  },
  {
    name: 'hooksConfig.enabled: false in user settings turns project hooks off',
    event: 'BeforeTool',
    given: guarded({ ...project(guardTable), ...user({}, { hooksConfig: { enabled: false } }) }),
    want: { toolRan: true, calls: { g: 0 }, fires: false },
  },
  {
    name: 'an extension disabled for the workspace (extension-enablement.json) runs no hooks',
    event: 'BeforeTool',
    given: guarded({
      ...extension(guardTable),
      'home/.gemini/extensions/extension-enablement.json': { guard: { overrides: ['!$ROOT/project/*'] } },
    }),
    want: { toolRan: true, calls: { g: 0 }, fires: false },
  },
  {
    name: 'a TRUST_FOLDER rule in trustedFolders.json trusts the project: its hooks run',
    event: 'BeforeTool',
    given: guarded(
      { ...project(guardTable), 'home/.gemini/trustedFolders.json': { '$ROOT/project': 'TRUST_FOLDER' } },
      { trustWorkspace: null },
    ),
    want: { toolRan: false, calls: { g: 1 }, decision: 'deny' },
  },
  {
    // Headless Gemini refuses an untrusted folder before anything (exit 55, FatalUntrustedWorkspaceError).
    name: 'an untrusted folder (GEMINI_CLI_TRUST_WORKSPACE=false): no project hook runs, Gemini exits 55',
    event: 'BeforeTool',
    given: guarded(project(guardTable), { trustWorkspace: 'false' }),
    want: { toolRan: false, exitCode: 55, modelRequests: 0, calls: { g: 0 }, fires: false },
  },
  {
    name: 'a DO_NOT_TRUST rule: no project hook runs, Gemini exits 55',
    event: 'BeforeTool',
    given: guarded(
      { ...project(guardTable), 'home/.gemini/trustedFolders.json': { '$ROOT/project': 'DO_NOT_TRUST' } },
      { trustWorkspace: null },
    ),
    want: { toolRan: false, exitCode: 55, calls: { g: 0 }, fires: false },
  },
];

const afterTool: Case[] = [
  {
    name: 'AfterTool additionalContext reaches the model',
    event: 'AfterTool',
    given: one('AfterTool', { stdout: hso('AfterTool', { additionalContext: 'after ctx' }) }, { matcher: SH }),
    want: { toolRan: true, feedback: ['after ctx'], additionalContext: 'after ctx' },
  },
  {
    name: 'AfterTool additionalContext has < and > escaped',
    event: 'AfterTool',
    given: one('AfterTool', { stdout: hso('AfterTool', { additionalContext: 'use <b>care</b> & caution' }) }, { matcher: SH }),
    want: {
      toolRan: true,
      feedback: ['use &lt;b&gt;care&lt;/b&gt; & caution'],
      unseen: ['<b>care'],
      additionalContext: 'use &lt;b&gt;care&lt;/b&gt; & caution',
    },
  },
  {
    name: 'two AfterTool hooks: both contexts reach the model, joined by a newline',
    event: 'AfterTool',
    given: {
      hooks: {
        a: { stdout: hso('AfterTool', { additionalContext: 'first ctx' }) },
        b: { stdout: hso('AfterTool', { additionalContext: 'second ctx' }) },
      },
      files: project(table('AfterTool', ['a', 'b'], SH)),
      turns: [shell(MARK)],
    },
    want: { toolRan: true, calls: { a: 1, b: 1 }, feedback: ['first ctx\nsecond ctx'], additionalContext: 'first ctx\nsecond ctx' },
  },
  {
    name: 'AfterTool decision block: the reason reaches the model',
    event: 'AfterTool',
    given: one('AfterTool', { stdout: { decision: 'block', reason: 'bad output' } }, { matcher: SH }),
    want: { toolRan: true, feedback: ['bad output'], blocked: true },
  },
  {
    name: 'AfterTool exit 2: stderr reaches the model',
    event: 'AfterTool',
    given: one('AfterTool', { exit: 2, stderr: 'post err' }, { matcher: SH }),
    want: { toolRan: true, feedback: ['post err'], blocked: true },
  },
];

const environment: Case[] = [
  {
    name: "the hook environment: Gemini's variables and the caller's, unredacted by default",
    event: 'BeforeTool',
    given: { ...one('BeforeTool', {}, { matcher: SH }), env: { CASE_API_TOKEN: 'secret', CASE_PLAIN: 'plain' } },
    want: {
      toolRan: true,
      calls: { g: 1 },
      hookEnv: {
        has: { CASE_API_TOKEN: 'secret', CASE_PLAIN: 'plain', GEMINI_PROJECT_DIR: '$ROOT/project', CLAUDE_PROJECT_DIR: '$ROOT/project' },
      },
    },
  },
  {
    name: 'environmentVariableRedaction.enabled drops secret-looking names from the hook environment',
    event: 'BeforeTool',
    given: {
      ...one('BeforeTool', {}, { matcher: SH }),
      files: {
        ...project(table('BeforeTool', ['g'], SH)),
        ...user({}, { security: { auth: { selectedType: 'gemini-api-key' }, environmentVariableRedaction: { enabled: true } } }),
      },
      env: { CASE_API_TOKEN: 'secret', CASE_PLAIN: 'plain' },
    },
    want: { toolRan: true, calls: { g: 1 }, hookEnv: { has: { CASE_PLAIN: 'plain' }, lacks: ['CASE_API_TOKEN'] } },
  },
];

const agent: Case[] = [
  {
    name: 'BeforeAgent additionalContext reaches the model',
    event: 'BeforeAgent',
    given: one('BeforeAgent', { stdout: hso('BeforeAgent', { additionalContext: 'ba ctx' }) }, { turns: [] }),
    want: { feedback: ['ba ctx'], additionalContext: 'ba ctx', modelRequests: 1 },
  },
  {
    name: 'BeforeAgent decision block: no model call',
    event: 'BeforeAgent',
    given: one('BeforeAgent', { stdout: { decision: 'block', reason: 'prompt refused' } }, { turns: [] }),
    want: { modelRequests: 0, blocked: true, reason: 'prompt refused' },
  },
  {
    name: 'BeforeAgent exit 2: no model call',
    event: 'BeforeAgent',
    given: one('BeforeAgent', { exit: 2, stderr: 'no prompts today' }, { turns: [] }),
    want: { modelRequests: 0, blocked: true },
  },
  {
    name: 'AfterAgent block (once): Gemini continues with the reason',
    event: 'AfterAgent',
    given: one('AfterAgent', { stdout: { decision: 'block', reason: 'not yet' }, once: true }, { turns: [] }),
    want: { modelRequests: 2, feedback: ['not yet'], calls: { g: 2 }, blocked: true },
  },
  {
    name: 'AfterAgent silent: the session ends',
    event: 'AfterAgent',
    given: one('AfterAgent', {}, { turns: [] }),
    want: { modelRequests: 1, calls: { g: 1 }, response: 'All done.', blocked: false },
  },
  {
    name: 'AfterAgent continue:false ends the session',
    event: 'AfterAgent',
    given: one('AfterAgent', { stdout: { continue: false, stopReason: 'enough' } }, { turns: [] }),
    want: { modelRequests: 1, calls: { g: 1 }, stop: true },
  },
];

/** What Gemini prints for the user (not the model): `Hook system message: …`, warnings on blocks and stops. */
const userFacing: Case[] = [
  {
    name: 'BeforeAgent plain stdout is a system message for the user, not context',
    event: 'BeforeAgent',
    given: one('BeforeAgent', { stdout: 'ba plain text' }, { turns: [] }),
    want: { modelRequests: 1, unseen: ['ba plain text'], printed: ['Hook system message: ba plain text'], systemMessage: 'ba plain text' },
  },
  {
    name: 'SessionStart plain stdout is a system message for the user, not context',
    event: 'SessionStart',
    given: one('SessionStart', { stdout: 'ss plain' }, { turns: [] }),
    want: { calls: { g: 1 }, unseen: ['ss plain'], printed: ['Hook system message: ss plain'], systemMessage: 'ss plain' },
  },
  {
    name: 'BeforeTool systemMessage is printed; the tool runs',
    event: 'BeforeTool',
    given: one('BeforeTool', { stdout: { systemMessage: 'bt sysmsg' } }, { matcher: SH }),
    want: { toolRan: true, unseen: ['bt sysmsg'], printed: ['Hook system message: bt sysmsg'], systemMessage: 'bt sysmsg', blocked: false },
  },
  {
    name: 'BeforeAgent continue:false: no model call, "Agent execution stopped" with the stop reason',
    event: 'BeforeAgent',
    given: one('BeforeAgent', { stdout: { continue: false, stopReason: 'ba stop' } }, { turns: [] }),
    want: { modelRequests: 0, response: '', warnings: ['Agent execution stopped: ba stop'], stop: true, stopReason: 'ba stop' },
  },
  {
    name: 'AfterTool continue:false: the tool ran, then the agent stops',
    event: 'AfterTool',
    given: one(
      'AfterTool',
      { stdout: { continue: false, stopReason: 'at stop' } },
      { matcher: SH, turns: [shell(MARK), shell('echo second')] },
    ),
    want: {
      toolRan: true,
      modelRequests: 1,
      response: '',
      printed: ['Agent execution stopped by hook: at stop'],
      stop: true,
      stopReason: 'at stop',
    },
  },
  {
    name: 'AfterModel deny: the agent ends with "Agent execution blocked" and the reason; the text stays',
    event: 'AfterModel',
    given: one('AfterModel', { stdout: { decision: 'deny', reason: 'am deny' } }, { turns: [] }),
    want: { modelRequests: 1, response: 'All done.', warnings: ['Agent execution blocked: am deny'], blocked: true, reason: 'am deny' },
  },
  {
    name: 'AfterAgent exit 2 (once): stderr is the next prompt; the run is reported blocked',
    event: 'AfterAgent',
    given: one('AfterAgent', { exit: 2, stderr: 'aa stderr', once: true }, { turns: [] }),
    want: {
      modelRequests: 2,
      feedback: ['aa stderr'],
      warnings: ['Agent execution blocked: aa stderr'],
      blocked: true,
      reason: 'aa stderr',
    },
  },
  {
    name: 'BeforeModel llm_request messages replace the conversation sent to the model',
    event: 'BeforeModel',
    given: one(
      'BeforeModel',
      { stdout: hso('BeforeModel', { llm_request: { messages: [{ role: 'user', content: 'REWRITTEN PROMPT' }] } }) },
      { turns: [] },
    ),
    want: {
      modelRequests: 1,
      modelSees: ['REWRITTEN PROMPT'],
      unseen: ['Do the task.'],
      blocked: false,
      llmRequestText: 'REWRITTEN PROMPT',
    },
  },
];

const model: Case[] = [
  {
    name: 'BeforeModel deny: the model is not called',
    event: 'BeforeModel',
    given: one('BeforeModel', { stdout: { decision: 'deny', reason: 'model refused' } }, { turns: [] }),
    want: { modelRequests: 0, blocked: true },
  },
  {
    name: 'BeforeModel deny with llm_response: a synthetic answer instead of the model',
    event: 'BeforeModel',
    given: one(
      'BeforeModel',
      {
        stdout: {
          decision: 'deny',
          reason: 'answered by the hook',
          ...hso('BeforeModel', { llm_response: { candidates: [{ content: { role: 'model', parts: ['from the hook'] } }] } }),
        },
      },
      { turns: [] },
    ),
    want: { modelRequests: 0, response: 'from the hook', blocked: true },
  },
  {
    // Gemini reads llm_response only when the hook also blocks (fireBeforeModelEvent).
    name: 'BeforeModel llm_response without a block is ignored: the model is called',
    event: 'BeforeModel',
    given: one(
      'BeforeModel',
      { stdout: hso('BeforeModel', { llm_response: { candidates: [{ content: { role: 'model', parts: ['from the hook'] } }] } }) },
      { turns: [] },
    ),
    want: { modelRequests: 1, response: 'All done.', blocked: false },
  },
  {
    name: 'BeforeModel continue:false stops before the model',
    event: 'BeforeModel',
    given: one('BeforeModel', { stdout: { continue: false, stopReason: 'no model today' } }, { turns: [] }),
    want: { modelRequests: 0, stop: true },
  },
  {
    name: 'AfterModel llm_response replaces the model text',
    event: 'AfterModel',
    given: one(
      'AfterModel',
      { stdout: hso('AfterModel', { llm_response: { candidates: [{ content: { role: 'model', parts: ['replaced'] } }] } }) },
      { turns: [] },
    ),
    want: { modelRequests: 1, response: 'replaced', llmResponseText: 'replaced' },
  },
  {
    name: 'BeforeToolSelection toolConfig mode NONE reaches the request',
    event: 'BeforeToolSelection',
    given: one('BeforeToolSelection', { stdout: hso('BeforeToolSelection', { toolConfig: { mode: 'NONE' } }) }, { turns: [] }),
    want: { modelRequests: 1, calls: { g: 1 }, toolConfigMode: 'NONE' },
  },
  {
    name: 'BeforeToolSelection allowedFunctionNames restricts the tools',
    event: 'BeforeToolSelection',
    given: one(
      'BeforeToolSelection',
      { stdout: hso('BeforeToolSelection', { toolConfig: { mode: 'ANY', allowedFunctionNames: ['read_file'] } }) },
      { turns: [] },
    ),
    want: { modelRequests: 1, calls: { g: 1 }, toolConfigMode: 'ANY' },
  },
];

const lifecycle: Case[] = [
  {
    name: 'SessionStart additionalContext reaches the model',
    event: 'SessionStart',
    given: one('SessionStart', { stdout: hso('SessionStart', { additionalContext: 'ss ctx' }) }, { turns: [] }),
    want: { calls: { g: 1 }, feedback: ['ss ctx'], additionalContext: 'ss ctx' },
  },
  {
    // Issue 39 (lint output-ignored exitTwoIgnored): the deny exit 2 makes is never read on SessionStart.
    name: 'SessionStart exit 2: the session goes on and the model is asked; the stderr reaches no one',
    event: 'SessionStart',
    given: one('SessionStart', { exit: 2, stderr: 'ss denied' }, { turns: [] }),
    want: { calls: { g: 1 }, modelRequests: 1, unseen: ['ss denied'] },
  },
  {
    name: 'SessionStart plain stdout',
    event: 'SessionStart',
    given: one('SessionStart', { stdout: 'ss plain' }, { turns: [] }),
    want: { calls: { g: 1 } },
  },
  {
    name: 'SessionEnd runs once at the end',
    event: 'SessionEnd',
    given: one('SessionEnd', {}, { turns: [] }),
    want: { calls: { g: 1 } },
  },
];

export const CASES: readonly Case[] = [
  ...beforeTool,
  ...matchers,
  ...handlers,
  ...layers,
  ...afterTool,
  ...environment,
  ...agent,
  ...model,
  ...lifecycle,
  ...userFacing,
];
