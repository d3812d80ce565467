import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach } from 'vitest';
import { BIN } from '../helpers/run-cli.js';
import { DIALECT_IDS, type DialectId as RegisteredDialectId, manifestOf } from '../../src/dialects/registry.js';
import { payloadFor as geminiPayload } from '../conformance/gemini/cases.js';
import { codexPayload } from '../helpers/payloads.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';

/**
 * Tools for tests written the way an attacker would try things: real processes found in the
 * process table, real signals, real pipes.
 */

/** A marker unique to one test, put in the command line of every process a hook starts. */
export function newMarker(): string {
  const marker = `hookctl-adv-${randomBytes(6).toString('hex')}`;
  markers.push(marker);
  return marker;
}

const markers: string[] = [];
/** Whatever a failing test left behind is killed, so one failure does not poison the next test. */
afterEach(() => {
  for (const marker of markers.splice(0)) {
    for (const pid of processesMarked(marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
});

/** Pids of live (not zombie) processes whose command line contains `marker`, from /proc. */
export function processesMarked(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.includes(marker)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
      pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

/** Polls until `check` holds or `timeoutMs` passes; returns the last value of `check`. */
export async function eventually<T>(check: () => T, accept: (value: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = check();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = check();
  }
  return value;
}

/** Waits until `count` processes carry the marker (the hook and its grandchildren are up). */
export function processesUp(marker: string, count: number): Promise<number[]> {
  return eventually(
    () => processesMarked(marker),
    (pids) => pids.length >= count,
    15_000,
  );
}

/** Waits for every marked process to be gone; returns the ones still there at the deadline. */
export function processesGone(marker: string, timeoutMs = 8_000): Promise<number[]> {
  return eventually(
    () => processesMarked(marker),
    (pids) => pids.length === 0,
    timeoutMs,
  );
}

export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code, or the signal name when the process was killed. */
  exited: Promise<number | string>;
}

/** Starts the real `hookctl` binary and keeps it running; the caller signals it. */
export function startCli(
  args: readonly string[],
  options: { input?: string; env?: Record<string, string>; stdio?: SpawnOptions['stdio'] } = {},
): RunningCli {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: options.stdio ?? ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(options.input ?? '');
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  // A test that fails must not leave hookctl itself behind.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  void exited.then(() => clearTimeout(timer));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * A hook script that ignores SIGTERM, SIGINT and SIGHUP and starts a grandchild that does the same:
 * the worst case for cleanup. Both carry the marker in their command lines. It appends a line to
 * `ready` once both are up.
 */
export const STUBBORN_HOOK = `#!/bin/sh
marker="$1"; ready="$2"
trap '' TERM INT HUP
sh -c 'trap "" TERM INT HUP; while :; do sleep 1; done' "$marker-grandchild" &
echo up >> "$ready"
while :; do sleep 1; done
`;

/** A hook that leaves a background grandchild running and exits 0 at once. */
export const DAEMONIZING_HOOK = `#!/bin/sh
marker="$1"; ready="$2"
sh -c 'trap "" TERM INT HUP; while :; do sleep 1; done' "$marker-daemon" </dev/null >/dev/null 2>&1 &
echo up >> "$ready"
exit 0
`;

export type DialectId = 'openinterpreter' | 'octo';
/** Every registered dialect; helpers take either set. */
export type AnyDialectId = RegisteredDialectId;
/** Every dialect of the registry: suites that hold for all of them loop over this, so a new dialect joins them. */
// copilot (issue 42) is not in them yet: it has no `scaffold --register` editor and no sandbox writer here.
export const ALL_DIALECTS: readonly AnyDialectId[] = DIALECT_IDS.filter((id) => id !== 'copilot');

/** The events these suites name, as agents that call them otherwise name them (Gemini CLI's BeforeTool…). */
const EQUIVALENT_EVENTS: Readonly<Record<string, readonly string[]>> = {
  PreToolUse: ['BeforeTool'],
  PostToolUse: ['AfterTool'],
  Stop: ['AfterAgent'],
  UserPromptSubmit: ['BeforeAgent'],
};

/** The dialect's name of an event the suites name in Claude's words: the name itself where the dialect has it. */
export function eventOf(dialect: AnyDialectId, event: string): string {
  const names = manifestOf(dialect).events.map((spec) => spec.name);
  if (names.includes(event)) return event;
  const equivalent = (EQUIVALENT_EVENTS[event] ?? []).find((name) => names.includes(name));
  if (equivalent === undefined) throw new Error(`no ${dialect} event stands for ${event}: add it to EQUIVALENT_EVENTS`);
  return equivalent;
}

/** Whether the dialect runs hooks of this event (in Claude's words) asynchronously. */
export function asyncAllowed(dialect: AnyDialectId, event: string): boolean {
  const name = eventOf(dialect, event);
  return manifestOf(dialect).events.some((spec) => spec.name === name && spec.asyncAllowed);
}

export interface HookSpec {
  event: string;
  command: string;
  async?: boolean;
  matcher?: string;
  /** Seconds. */
  timeout?: number;
}

/**
 * A sandbox whose hooks run without any trust step: openinterpreter and codex hooks in the managed
 * requirements file (SPEC 2.1; codex requirements.toml), octo hooks in the user's ~/.octo/hooks.yml
 * (SPEC 3.1), claude hooks in the managed settings file (never gated by workspace trust).
 */
export function sandboxWithHooks(dialect: AnyDialectId, hooks: readonly HookSpec[]): { sandbox: TempProject; common: string[] } {
  const sandbox = makeTempProject();
  const common = ['--dialect', dialect, '--cwd', sandbox.project, '--home', sandbox.home];
  if (dialect === 'gemini') {
    common.push('--managed', sandbox.write('etc/gemini-settings.json', JSON.stringify(geminiSettings(hooks))));
  } else if (dialect === 'claude') {
    const table: Record<string, unknown[]> = {};
    for (const hook of hooks) {
      const handler = {
        type: 'command',
        command: hook.command,
        ...(hook.async ? { async: true } : {}),
        ...(hook.timeout === undefined ? {} : { timeout: hook.timeout }),
      };
      const groups = table[hook.event] ?? [];
      groups.push({ ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }), hooks: [handler] });
      table[hook.event] = groups;
    }
    common.push('--managed', sandbox.write('etc/managed-settings.json', JSON.stringify({ hooks: table })));
  } else if (dialect === 'openinterpreter' || dialect === 'codex') {
    const toml = hooks
      .map((hook) =>
        [
          `[[hooks.${hook.event}]]`,
          ...(hook.matcher === undefined ? [] : [`matcher = ${JSON.stringify(hook.matcher)}`]),
          `[[hooks.${hook.event}.hooks]]`,
          'type = "command"',
          `command = ${JSON.stringify(hook.command)}`,
          ...(hook.async ? ['async = true'] : []),
          ...(hook.timeout === undefined ? [] : [`timeout = ${hook.timeout}`]),
          '',
        ].join('\n'),
      )
      .join('\n');
    const managed = sandbox.write(dialect === 'codex' ? 'etc/requirements.toml' : 'managed.toml', toml);
    common.push('--managed', managed);
  } else {
    const byEvent = new Map<string, HookSpec[]>();
    for (const hook of hooks) byEvent.set(hook.event, [...(byEvent.get(hook.event) ?? []), hook]);
    const lines = ['hooks:'];
    for (const [event, list] of byEvent) {
      lines.push(`  ${event}:`);
      for (const hook of list) {
        lines.push(`    - command: ${JSON.stringify(hook.command)}`);
        if (hook.matcher !== undefined) lines.push(`      matcher: ${JSON.stringify(hook.matcher)}`);
        if (hook.async) lines.push('      async: true');
        if (hook.timeout !== undefined) lines.push(`      timeout: ${hook.timeout}s`);
      }
    }
    sandbox.write('home/.octo/hooks.yml', `${lines.join('\n')}\n`);
  }
  return { sandbox, common };
}

/**
 * Gemini CLI's system settings (`--managed`) with the hooks, events named as Gemini names them and
 * timeouts in milliseconds; folder trust off there, as an administrator can set it, so they run
 * without a trust step. Gemini CLI has no async hooks.
 */
function geminiSettings(hooks: readonly HookSpec[]): Record<string, unknown> {
  const table: Record<string, unknown[]> = {};
  for (const hook of hooks) {
    if (hook.async) throw new Error('gemini hooks cannot be async: check asyncAllowed() first');
    const event = eventOf('gemini', hook.event);
    const handler = { type: 'command', command: hook.command, ...(hook.timeout === undefined ? {} : { timeout: hook.timeout * 1000 }) };
    table[event] = [...(table[event] ?? []), { ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }), hooks: [handler] }];
  }
  return { security: { folderTrust: { enabled: false } }, hooks: table };
}

/** A minimal valid payload for the event in the dialect, with `cwd`. */
export function payloadFor(
  dialect: AnyDialectId,
  event: string,
  cwd: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  if (dialect === 'codex') return codexPayload(event, cwd, extra);
  if (dialect === 'gemini') return geminiPayload(eventOf(dialect, event), cwd, extra);
  if (dialect === 'claude') return claudeAnyPayload(event, cwd, extra);
  if (dialect === 'openinterpreter') {
    const common: Record<string, unknown> = { session_id: 's', cwd, transcript_path: null, hook_event_name: event, model: 'm' };
    if (event !== 'SessionStart') common.turn_id = 't';
    if (event !== 'PreCompact' && event !== 'PostCompact') common.permission_mode = 'default';
    const perEvent: Record<string, Record<string, unknown>> = {
      SessionStart: { source: 'startup' },
      PreToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'u' },
      PostToolUse: { tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'u', tool_response: 'hi' },
      Stop: { stop_hook_active: false, last_assistant_message: 'done' },
      UserPromptSubmit: { prompt: 'hi' },
    };
    return { ...common, ...perEvent[event], ...extra };
  }
  const envelope = { event, session_id: 's', cwd, transcript_path: null, model: 'm', transport: 'cli' };
  const perEvent: Record<string, Record<string, unknown>> = {
    SessionStart: {},
    PreToolUse: { tool_name: 'terminal', tool_input: { command: 'echo hi' } },
    PostToolUse: { tool_name: 'terminal', tool_input: { command: 'echo hi' }, tool_output: 'hi' },
    Stop: { status: 'success', error: null },
    UserPromptSubmit: { prompt: 'hi' },
  };
  return { ...envelope, ...perEvent[event], ...extra };
}

/** A minimal claude payload of the events these suites use (shapes as `hookctl fixture <Event> --dialect claude`). */
function claudeAnyPayload(event: string, cwd: string, extra: Record<string, unknown>): Record<string, unknown> {
  const common: Record<string, unknown> = { session_id: 's', transcript_path: `${cwd}/t.jsonl`, cwd, hook_event_name: event };
  if (event !== 'SessionStart') common.permission_mode = 'default';
  const bash = { tool_name: 'Bash', tool_input: { command: 'echo hi' }, tool_use_id: 'toolu_1' };
  const perEvent: Record<string, Record<string, unknown>> = {
    SessionStart: { source: 'startup', model: 'm' },
    PreToolUse: bash,
    PostToolUse: { ...bash, tool_response: { stdout: 'hi\n', stderr: '', interrupted: false, isImage: false } },
    Stop: { stop_hook_active: false, last_assistant_message: 'done' },
    UserPromptSubmit: { prompt: 'hi' },
  };
  return { ...common, ...perEvent[event], ...extra };
}

/** Lines in a file, 0 when it does not exist yet. */
export function lineCount(path: string): number {
  try {
    return readFileSync(path, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}
