import { DIALECT_IDS, isDialectId, loadDialect } from '../../dialects/registry.js';
import { UsageError } from '../../errors.js';
import { DEFAULT_HTTP_PORT } from '../../serve/http-names.js';
import { didYouMean } from '../../util/did-you-mean.js';
import type { LanguageId } from '../../scaffold/language-ids.js';
import { scaffoldHook, type ScaffoldResult } from '../../scaffold/scaffold.js';
import { resolveCommon, type CommonOptionValues } from '../common-context.js';
import { httpServing } from '../dialect-facts.js';

export interface ScaffoldOptions extends CommonOptionValues {
  lang: LanguageId;
  name?: string;
  matcher?: string;
  register?: boolean;
  force?: boolean;
  failClosed?: boolean;
  http?: boolean;
  port?: string;
}

/** `hookctl scaffold`: write the hook script (and with --register its config entry), then say what to do next. */
export async function scaffold(event: string, options: ScaffoldOptions): Promise<number> {
  if (options.dialect?.includes(',')) return scaffoldForSeveral(event, options, options.dialect);
  const common = resolveCommon(options);
  const dialect = await loadDialect(common.dialectId);
  const serving = httpServing();
  if (options.http && serving !== null && serving.id !== dialect.id) {
    throw new UsageError(`--http serves ${serving.agent} http hooks: --dialect ${serving.id} (not ${dialect.id})`);
  }
  const result = await scaffoldHook({
    dialect,
    projectDir: common.cwd,
    event,
    lang: options.lang,
    ...(options.name === undefined ? {} : { name: options.name }),
    ...(options.matcher === undefined ? {} : { matcher: options.matcher }),
    register: options.register === true,
    force: options.force === true,
    failClosed: options.failClosed === true,
    ...(options.http || options.port !== undefined ? { http: { port: httpPort(options) } } : {}),
  });
  for (const warning of result.warnings) process.stderr.write(`hookctl: warning: ${warning}\n`);
  if (options.lang === 'ts' && !nodeStripsTypes(process.versions.node)) {
    process.stderr.write(
      `hookctl: warning: this Node (${process.versions.node}) cannot run the .ts hook as registered: ` +
        '`node --experimental-strip-types` needs Node 22.6 or newer. ' +
        'Compile it with tsc and point the command at the .js file, or use --lang js.\n',
    );
  }
  process.stdout.write(report(event, result, dialect.trust.notApplicable !== undefined));
  return 0;
}

/** `noHookTrust`: the dialect's agent has no per-hook trust (claude), so there is nothing to trust. */
function report(event: string, result: ScaffoldResult, noHookTrust: boolean): string {
  const lines = [
    `created ${result.path} (executable)`,
    `  command: ${result.command}`,
    `  (${result.commandNote})`,
    `  ${result.note}`,
    '',
  ];
  const registration = result.registration;
  if (registration === null) {
    lines.push(`Add to ${result.configFile} (or run again with --register):`, result.snippet.trimEnd(), '');
  } else if (registration.status === 'already-registered') {
    lines.push(`${result.configFile} already runs \`${result.command}\` on ${event}; left unchanged.`, '');
  } else {
    lines.push(`${registration.status === 'created' ? 'created' : 'updated'} ${result.configFile}: added the hook to ${event}.`, '');
  }
  const served = result.servedSettings;
  const serving = httpServing();
  if (served !== null && serving !== null) {
    const settings = serving.settingsFile;
    lines.push(
      served.status === 'already-registered'
        ? `${settings} already sends ${event} to hookctl serve --http; left unchanged.`
        : `${served.status === 'created' ? 'created' : 'updated'} ${settings}: ` +
            `${event} goes to hookctl serve --http (http hook), and SessionStart starts it.`,
      `${serving.agent} never runs ${serving.servedFile} itself: the server does. Set HOOKCTL_SERVE_TOKEN in your shell profile.`,
      '',
    );
  }
  if (noHookTrust) {
    lines.push(
      `Next: \`hookctl dry-run ${event}\` to try it. ` +
        "There is no per-hook trust to give: the agent runs it once the folder's workspace trust is accepted.",
    );
  } else lines.push(`Next: \`hookctl trust\` to review and trust it, then \`hookctl dry-run ${event}\` to try it.`);
  return `${lines.join('\n')}\n`;
}

function httpPort(options: ScaffoldOptions): number {
  if (!options.http) throw new UsageError('--port goes with --http');
  const port = options.port === undefined ? DEFAULT_HTTP_PORT : Number(options.port);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new UsageError(`--port ${JSON.stringify(options.port)} is not a port number`);
  return port;
}

/** Node runs TypeScript with --experimental-strip-types from 22.6 on. */
function nodeStripsTypes(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 6);
}

/** `scaffold --dialect claude,codex,gemini`: one tool-gate script for each of those agents. */
async function scaffoldForSeveral(event: string, options: ScaffoldOptions, list: string): Promise<number> {
  const ids = list.split(',').map((id) => id.trim());
  for (const id of ids) {
    if (isDialectId(id)) continue;
    const guess = didYouMean(id, DIALECT_IDS);
    throw new UsageError(
      `--dialect ${list}: unknown dialect "${id}"; ${guess ? `did you mean ${guess}?` : `use ${DIALECT_IDS.join(', ')}`}`,
    );
  }
  if (new Set(ids).size !== ids.length) throw new UsageError(`--dialect ${list} names a dialect twice`);
  // Each agent's own fail-closed or served form belongs to one agent's config: not written for several at once.
  if (options.failClosed || options.http || options.port !== undefined) {
    throw new UsageError(`--dialect ${list}: --fail-closed, --http and --port go with one dialect; scaffold for each agent apart`);
  }
  if (options.lang !== 'js' && options.lang !== 'py') {
    throw new UsageError(`--lang ${options.lang}: one script for several agents is written in js or py; pass --lang js or --lang py`);
  }
  const common = resolveCommon({ ...options, dialect: ids[0]! });
  const { scaffoldMultiGuard } = await import('../../scaffold/multi-guard.js');
  const result = scaffoldMultiGuard({
    dialects: await Promise.all(ids.map((id) => loadDialect(id as Parameters<typeof loadDialect>[0]))),
    projectDir: common.cwd,
    event,
    lang: options.lang,
    ...(options.name === undefined ? {} : { name: options.name }),
    register: options.register === true,
    force: options.force === true,
  });
  if (options.matcher !== undefined) {
    process.stderr.write(
      `hookctl: warning: --matcher "${options.matcher}" is left out: the script sees every tool call and decides itself\n`,
    );
  }
  const lines = [`created ${result.path} (executable): one guard for ${ids.join(', ')}`, ''];
  for (const agent of result.agents) {
    lines.push(`${agent.dialect} (${agent.event}): ${agent.command}`, `  (${agent.commandNote})`);
    const registration = agent.registration;
    if (registration === null)
      lines.push(
        `  Add to ${agent.configFile} (or run again with --register):`,
        ...agent.snippet
          .trimEnd()
          .split('\n')
          .map((l) => `    ${l}`),
      );
    else if (registration.status === 'already-registered') lines.push(`  ${agent.configFile} already runs it; left unchanged.`);
    else
      lines.push(`  ${registration.status === 'created' ? 'created' : 'updated'} ${agent.configFile}: added the hook to ${agent.event}.`);
  }
  lines.push(
    '',
    `Next: edit decide() in ${result.path}, then \`hookctl test\` with cases naming ` +
      `"dialects": [${ids.map((id) => `"${id}"`).join(', ')}] ` +
      '(docs/testing.md), and `hookctl trust --dialect <id>` where the agent reviews hooks.',
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
