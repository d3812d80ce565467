import { accessSync, constants } from 'node:fs';
import { delimiter, dirname, join, relative, sep } from 'node:path';
import type { ConfigFile } from '../../config/config-file.js';
import type { HandlerDeclaration } from '../../config/declarations.js';
import { scalarField, setField } from '../../config/field-value.js';
import type { ExtendHandler, HandlerOrigin } from '../../config/normalize-handlers.js';
import type { SourceNode } from '../../config/source-tree.js';
import type { HandlerRecord, HandlerType, Launch, LoadContext, LoadedConfig } from '../../kit/index.js';
import { claudeUserDir, INLINE_SETTINGS_PATH } from './paths.js';
import { interpolateHeaders, parseUrl, urlAllowed } from './http.js';
import { compileCondition } from './if-condition.js';

/** Settings that shape handlers beyond their own fields (8.2): the HTTP allow-lists. */
export interface HandlerPolicy {
  allowedHttpHookUrls: string[] | null;
  httpHookAllowedEnvVars: string[] | null;
}

/**
 * Events whose hooks Claude starts and does not wait for, whatever `async` says (SPEC-dialects 8.4:
 * InstructionsLoaded "runs async", DirectoryAdded "not awaited"; cc hooks §InstructionsLoaded,
 * §DirectoryAdded). hookctl runs them as async hooks: reported `running`, their result delivered
 * afterwards, never deciding.
 */
const NOT_AWAITED: ReadonlySet<string> = new Set(['InstructionsLoaded', 'DirectoryAdded']);

/** cc hooks §Common fields: per-type defaults, lowered on two events for command, http and mcp_tool. */
export function defaultTimeoutSeconds(type: HandlerType, event: string): number {
  if (type === 'prompt') return 30;
  if (type === 'agent') return 60;
  if (event === 'UserPromptSubmit') return 30;
  if (event === 'MessageDisplay') return 10;
  return 600;
}

const PLACEHOLDERS = ['CLAUDE_PROJECT_DIR', 'CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA'] as const;

/**
 * How each usable declaration becomes a claude handler record (SPEC-dialects 8.2): the shared
 * normalisation (the declared load) walks the declarations in layer and file order, with ids unique
 * across the load; this extension makes each record Claude's (its id, type, timeout, launch,
 * environment and dedup key). A file the agent drops whole has its hooks node invalidated (8.1, bad files).
 */
export function claudeHandlerExtension(policy: HandlerPolicy, context: LoadContext): ExtendHandler {
  const environment = hookEnvironment(context);
  return (record, origin) => toRecord(record, origin, policy, context, environment);
}

/**
 * What every hook's environment changes (8.7): the markers and the project dir are set, every
 * `OTEL_*` variable of the agent is removed (undefined removes). Claude Code 2.1.328 in `-p` mode
 * also sets CLAUDE_CODE_ENTRYPOINT=sdk-cli, CLAUDE_CODE_SESSION_ATTENDED=0 and CLAUDE_PID (its own
 * pid; here the process that runs the hooks); a host that is itself inside Claude keeps its values.
 */
function hookEnvironment(context: LoadContext): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const name of Object.keys(context.env)) if (name.startsWith('OTEL_')) env[name] = undefined;
  env.CLAUDE_PROJECT_DIR = context.cwd;
  env.CLAUDECODE = '1';
  env.CLAUDE_CODE_CHILD_SESSION = '1';
  env.CLAUDE_CODE_ENTRYPOINT = context.env.CLAUDE_CODE_ENTRYPOINT ?? 'sdk-cli';
  env.CLAUDE_CODE_SESSION_ATTENDED = context.env.CLAUDE_CODE_SESSION_ATTENDED ?? '0';
  env.CLAUDE_PID = context.env.CLAUDE_PID ?? String(process.pid);
  return env;
}

/**
 * CLAUDE_PID of a configuration from hookctl run's cache: without the agent's own, it is the pid of
 * the process that runs the hooks, which is this one, not the one that wrote the cache.
 */
export function refreshCachedConfig(config: LoadedConfig, context: LoadContext): void {
  const pid = String(process.pid);
  const records = config.handlers as Mutable<HandlerRecord>[];
  for (const [index, record] of records.entries()) {
    if (context.env.CLAUDE_PID === undefined && record.env.CLAUDE_PID !== undefined) {
      (record.env as Record<string, string | undefined>).CLAUDE_PID = pid;
    }
    if (isPowershellLaunch(record)) records[index] = { ...record, launch: powershellLaunch(record.command, context) };
  }
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A `shell: powershell` hook's launch, whose program was looked up on PATH (not a watched file) at load. */
function isPowershellLaunch(record: HandlerRecord): boolean {
  const argv = record.launch?.kind === 'process' ? record.launch.argv : [];
  return (
    argv.length === 4 &&
    ['pwsh', 'powershell'].includes(argv[0]!) &&
    argv[1] === '-NoProfile' &&
    argv[2] === '-Command' &&
    argv[3] === record.command
  );
}

function powershellLaunch(command: string, context: LoadContext): Launch {
  return { kind: 'process', argv: [powershell(context), '-NoProfile', '-Command', command] };
}

/**
 * `onFailure` (Claude Code 2.1.295+) as the kit's fail-closed flag: "block" on command, http and
 * mcp_tool handlers; an mcp_tool handler reads any value but "continue" as "block" (the binary's
 * settings schema). Async runs and the events that ignore it are the protocol's to tell.
 */
function failClosed(type: HandlerType, value: string | undefined): 'continue' | 'abort' {
  if (type === 'mcp_tool') return value !== undefined && value !== 'continue' ? 'abort' : 'continue';
  return (type === 'command' || type === 'http') && value === 'block' ? 'abort' : 'continue';
}

/** The shared record made Claude's: only its place (source, position, event, matcher) is kept. */
function toRecord(
  shared: HandlerRecord,
  { file, group, handler }: HandlerOrigin,
  policy: HandlerPolicy,
  context: LoadContext,
  environment: Record<string, string | undefined>,
): HandlerRecord | null {
  const node = handler.node;
  const type = scalarField(node, 'type', 'string') as HandlerType | undefined;
  if (type === undefined) return null;
  const event = shared.event;
  const plugin = file.plugin;
  const timeout = scalarField(node, 'timeout', 'number');
  const timeoutSet = timeout !== undefined && timeout > 0;
  const rule = scalarField(node, 'if', 'string');
  const base = {
    dialect: shared.dialect,
    id: `${file.source}:${fileLabel(file, context)}:${event}:${group.index}:${handler.index}`,
    explicitId: false,
    source: shared.source,
    // Inline `--settings` JSON has no file.
    file: file.parsed.path.startsWith('/') ? file.parsed.path : null,
    line: shared.line,
    column: shared.column,
    position: shared.position,
    event,
    matcher: shared.matcher,
    type,
    timeoutMs: Math.max(1, Math.round((timeoutSet ? timeout : defaultTimeoutSeconds(type, event)) * 1000)),
    timeoutSet,
    statusMessage: scalarField(node, 'statusMessage', 'string') ?? null,
    onFailure: failClosed(type, scalarField(node, 'onFailure', 'string')),
    plugin: plugin?.name ?? null,
    ...(rule !== undefined
      ? { condition: compileCondition(rule, { event, anchor: scopeRoot(file, context), cwd: context.cwd, home: context.home }) }
      : {}),
  };
  const pluginEnv = plugin ? { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.data } : {};
  // Settings hooks share one dedup scope; each plugin's copy stays separate (cc hooks §Hook handler fields; cc#76297).
  const scope = plugin ? `plugin:${plugin.name}` : 'settings';
  switch (type) {
    case 'command':
      return commandRecord(base, node, file, context, { ...environment, ...pluginEnv }, scope);
    case 'http': {
      const url = scalarField(node, 'url', 'string') ?? '';
      const headers = stringRecord(setField(node, 'headers')?.value);
      const allowedEnvVars = stringList(setField(node, 'allowedEnvVars')?.value);
      const allowed = urlAllowed(url, policy.allowedHttpHookUrls);
      return {
        ...base,
        command: url,
        // The allow-list judged the parsed URL; that parse is what is requested (issue 22).
        launch: {
          kind: 'http',
          url: parseUrl(url)?.href ?? url,
          headers: interpolateHeaders(headers, allowedEnvVars, policy.httpHookAllowedEnvVars, context.env),
        },
        dedup: { scope, key: JSON.stringify(['http', url]) },
        ...(allowed
          ? {}
          : { unrunnable: { reason: 'url-not-allowed', error: `${url} matches no pattern of allowedHttpHookUrls; not run` } as const }),
        async: NOT_AWAITED.has(event),
        env: {},
      };
    }
    case 'mcp_tool': {
      const server = scalarField(node, 'server', 'string') ?? '';
      const tool = scalarField(node, 'tool', 'string') ?? '';
      return { ...base, command: `${server} ${tool}`, async: false, env: {}, unrunnable: notRunnable('mcp_tool', 'MCP client') };
    }
    case 'prompt':
    case 'agent':
      return {
        ...base,
        command: scalarField(node, 'prompt', 'string') ?? '',
        async: false,
        env: {},
        unrunnable: notRunnable(type, 'model'),
      };
  }
}

function notRunnable(type: string, needs: string) {
  return { reason: 'not-runnable', error: `${type} hooks need the agent's ${needs}; not run by hookctl` } as const;
}

type BaseRecord = Omit<HandlerRecord, 'command' | 'async' | 'env'>;

/**
 * A command handler (cc hooks §Command hook fields, §Exec form and shell form). Shell form runs
 * `sh -c` (or PowerShell for `shell: "powershell"`); exec form (`args` present) spawns `command`
 * with `args` and no shell. The placeholders are replaced in exec form, and in plugin hooks'
 * shell form too; settings hooks' shell form leaves them to the shell, which has the variables.
 */
function commandRecord(
  base: BaseRecord,
  node: HandlerDeclaration['node'],
  file: ConfigFile,
  context: LoadContext,
  env: Record<string, string | undefined>,
  scope: string,
): HandlerRecord {
  const written = scalarField(node, 'command', 'string') ?? '';
  const argsNode = setField(node, 'args')?.value;
  const args = argsNode === undefined ? null : stringList(argsNode);
  const asyncRewake = scalarField(node, 'asyncRewake', 'boolean') === true;
  const values: Record<string, string> = { CLAUDE_PROJECT_DIR: context.cwd };
  if (file.plugin) Object.assign(values, { CLAUDE_PLUGIN_ROOT: file.plugin.root, CLAUDE_PLUGIN_DATA: file.plugin.data });
  const substitute = (text: string) =>
    PLACEHOLDERS.reduce((out, name) => (values[name] === undefined ? out : out.replaceAll(`\${${name}}`, values[name])), text);
  const common = {
    ...base,
    async: scalarField(node, 'async', 'boolean') === true || asyncRewake || NOT_AWAITED.has(base.event),
    ...(asyncRewake ? { asyncRewake: true } : {}),
    env,
    ...(file.plugin ? { dataDir: file.plugin.data } : {}),
    // cc hooks@a9483f66: "Command hooks are deduplicated by command string and args" (as written, before substitution).
    dedup: { scope, key: JSON.stringify(['command', written, args]) },
  };
  const userConfig = /\$\{user_config\.[^}]*\}/.test(written) || (args ?? []).some((arg) => arg.includes('${user_config.'));
  if (userConfig && args === null && file.plugin) {
    // cc errors: Claude refuses a shell-form plugin hook that references ${user_config.*}; it never runs.
    const error =
      `Hook from plugin ${file.plugin.name} references \${user_config.*} in a shell-form command. ` +
      'The substituted value would be re-parsed by the shell. ' +
      'Use exec form instead — {"command": "<executable>", "args": ["${user_config.KEY}", ...]} — ' +
      `or read $CLAUDE_PLUGIN_OPTION_<KEY> from the hook's environment. Command: ${written}`;
    return { ...common, command: written, unrunnable: { reason: 'not-runnable', error } };
  }
  if (userConfig) {
    // SPEC-dialects 8.3 [choice]: Claude would start this hook (exec form substitutes the plugin's
    // options; in a settings hook the shell fails on the text). hookctl has no plugin options, so the
    // run fails, as a hook that cannot start does: it is selected and reported, never silently skipped.
    const error = '${user_config.*} needs the plugin options the agent keeps; hookctl does not resolve them, so this hook cannot start';
    const command = args === null ? written : [written, ...args].join(' ');
    return { ...common, command, launch: { kind: 'fails', error } };
  }
  if (args !== null) {
    const argv = [substitute(written), ...args.map(substitute)];
    return { ...common, command: argv.join(' '), launch: { kind: 'process', argv } };
  }
  const command = file.plugin ? substitute(written) : written;
  if (scalarField(node, 'shell', 'string') === 'powershell') {
    return { ...common, command, launch: powershellLaunch(command, context) };
  }
  return { ...common, command };
}

/** `pwsh` when it is on PATH, else Windows PowerShell's `powershell` when that is, else `pwsh` (which then fails as not found). */
function powershell(context: LoadContext): string {
  for (const name of ['pwsh', 'powershell']) {
    for (const dir of (context.env.PATH ?? '').split(delimiter)) {
      if (dir === '') continue;
      try {
        accessSync(join(dir, name), constants.X_OK);
        return name;
      } catch {
        // not here
      }
    }
  }
  return 'pwsh';
}

function stringList(node: SourceNode | undefined): string[] {
  if (node?.kind !== 'array') return [];
  return node.items.flatMap((item) => (item.kind === 'scalar' && typeof item.value === 'string' ? [item.value] : []));
}

function stringRecord(node: SourceNode | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (node?.kind !== 'object') return result;
  for (const entry of node.entries)
    if (entry.value.kind === 'scalar' && typeof entry.value.value === 'string') result[entry.key] = entry.value.value;
  return result;
}

/** The file part of a run id: relative to the project dir, `~/` under the home, relative to a plugin's root. */
function fileLabel(file: ConfigFile, context: LoadContext): string {
  const path = file.parsed.path;
  if (path === INLINE_SETTINGS_PATH) return path;
  if (file.plugin) return `${file.plugin.name}/${relative(file.plugin.root, path).split(sep).join('/')}`;
  const inside = (dir: string) => {
    const rel = relative(dir, path);
    return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep) ? rel.split(sep).join('/') : null;
  };
  const inProject = inside(context.cwd);
  if (inProject !== null) return inProject;
  const inHome = inside(context.home);
  return inHome !== null ? `~/${inHome}` : path;
}

/**
 * Where a `/path` pattern of an `if` rule anchors (cc perm, "A /path pattern anchors at a directory
 * associated with the settings source"): project settings at the project root, local settings and
 * inline `--settings` at the start directory, user settings at `<U>`, a `--settings` file at its
 * directory. Managed settings and plugins are not documented; hookctl anchors them at the start
 * directory and the plugin root.
 */
function scopeRoot(file: ConfigFile, context: LoadContext): string {
  switch (file.source) {
    case 'user':
      return claudeUserDir(context);
    case 'flag':
      return file.parsed.path === INLINE_SETTINGS_PATH ? context.cwd : dirname(file.parsed.path);
    case 'plugin':
      return file.plugin?.root ?? context.cwd;
    default:
      return context.cwd;
  }
}
