import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileStem } from '../contracts/schema-files.js';
import { requireKnownEvent } from '../contracts/known-event.js';
import type { Dialect, EventSpec, RegistrationEntry } from '../kit/index.js';
import { FileWriteError, ScaffoldExistsError, UsageError } from '../errors.js';
import { eventFields } from './event-fields.js';
import type { LanguageId } from './language-ids.js';
import { LANGUAGES } from './languages/index.js';
import type { ScaffoldModel } from './model.js';
import { packageFileExists, readPackageFile } from './package-files.js';
import {
  configSnippet,
  planRegistration,
  planRegistrations,
  stageRegistration,
  writeAtomically,
  type RegisterResult,
} from './registration.js';
import { renderScaffold } from './render.js';
import { withLauncher } from './languages/guard-launcher.js';
import { unsafeWriteTarget } from '../util/safe-write.js';

export interface ScaffoldOptions {
  dialect: Dialect;
  /** The project root: the script goes to `<project>/<dialect dir>/hooks/`. */
  projectDir: string;
  event: string;
  lang: LanguageId;
  /**
   * File name without extension, also the hook's `id` in configs that have one (openinterpreter);
   * default the event in kebab case (`pre-tool-use`).
   */
  name?: string;
  matcher?: string;
  /** Also add the hook to the project config (`--register`). */
  register?: boolean;
  /** Overwrite an existing script. */
  force?: boolean;
  /** Write the dialect's fail-closed field (`--fail-closed`; claude `"onFailure": "block"`). */
  failClosed?: boolean;
  /**
   * claude: serve the hook through `hookctl serve --http` (docs/serve.md, "Over HTTP"): `register`
   * adds it to `.claude/hookctl-served.json`, and to `.claude/settings.json` the http handler for
   * the event (onFailure block on guard events) and the SessionStart starter.
   */
  http?: { port: number };
}

export interface ScaffoldResult {
  /** Absolute path of the written script. */
  file: string;
  /** The script's path from the project root, `/`-separated, as the command uses it. */
  path: string;
  command: string;
  /** The project config file, relative to the project root, and the snippet to add to it. */
  configFile: string;
  snippet: string;
  /** Set when `register` was asked for. */
  registration: RegisterResult | null;
  /** With `http` and `register`: the edit of `.claude/settings.json` (http handler and starter). */
  servedSettings: RegisterResult | null;
  /** How the script runs and what it needs (language-specific). */
  note: string;
  /** How the command finds the script (project-relative, or through a variable the agent sets). */
  commandNote: string;
  warnings: string[];
}

/**
 * Writes an executable hook script for the event from `templates/<lang>/`, a correct no-op with
 * commented-out examples of everything the event can do, and optionally registers it.
 */
export async function scaffoldHook(options: ScaffoldOptions): Promise<ScaffoldResult> {
  const { dialect } = options;
  const language = LANGUAGES[options.lang];
  const events = dialect.events;
  requireKnownEvent(
    dialect.id,
    options.event,
    events.map((e) => e.name),
  );
  const spec = events.find((e) => e.name === options.event)!;
  const name = scriptName(options.name ?? eventFileStem(options.event), language.extension);
  const path = `${dialect.manifest.configDir}/hooks/${name}.${language.extension}`;
  const reference = dialect.scaffold.scriptReference;
  // Its exit 2 refuses the action (the event table's `guard: 'exit-2'`).
  const guard = spec.guard === 'exit-2';
  // A guard starts through its launcher, so a machine without the language's runtime refuses rather than fails open.
  const launcher = guard ? language.guardLauncher : undefined;
  const command = (launcher ?? language).command(reference ? reference.wrap(path, options.projectDir) : path);
  const warnings: string[] = [];
  let matcher = options.matcher ?? null;
  if (matcher !== null && spec.matcherField === null) {
    warnings.push(`${dialect.id} ignores matchers on ${options.event}; --matcher "${matcher}" is left out of the config`);
    matcher = null;
  }

  const model = scaffoldModel(dialect, spec, command, reference?.note ?? PROJECT_RELATIVE, guard);
  const file = join(options.projectDir, path);
  const refused = unsafeWriteTarget(options.projectDir, file);
  // A symlink is refused before anything else, even with --force: it would be written through (SPEC 6.1.5).
  if (refused !== null) throw new FileWriteError(path, refused, true);
  if (exists(file) && !options.force) throw new ScaffoldExistsError(path);
  // The script's name is the hook's id: `hookctl trust <name>` reaches it however entries move.
  const entry: RegistrationEntry = { event: options.event, matcher, command, id: name, ...failClosedFields(dialect, options, warnings) };
  // Planned before anything is written, so a config that cannot take the hook leaves nothing behind.
  const served = options.http ? dialect.scaffold.served : undefined;
  if (options.http && served === undefined)
    throw new UsageError(`--http: ${dialect.manifest.agentName ?? dialect.id} takes no http hooks that hookctl serves`);
  // Claude Code takes no http hook on SessionStart (lint: handler-type-unsupported), and the starter runs there.
  if (options.http && options.event === 'SessionStart')
    throw new UsageError('--http: SessionStart takes command hooks only; scaffold it without --http');
  const configFile = served?.file ?? dialect.scaffold.projectConfigFile;
  const plan = options.register ? planRegistration(dialect.scaffold, options.projectDir, entry, configFile) : null;
  const settingsPlan =
    options.register && options.http
      ? planRegistrations(dialect.scaffold, options.projectDir, served!.settingsEntries(options.event, options.http.port))
      : null;
  const rendered = renderScaffold(language, model, readPackageFile('templates', language.id, `hook.${language.extension}`));
  const script = launcher ? withLauncher(rendered, launcher) : rendered;
  // The script and the config changes together or not at all: a failed config write removes the new script.
  const [registration, servedSettings] = writeAtomically(options.projectDir, (change) => {
    change.stage(file, script, 0o755);
    return [plan && stageRegistration(change, plan), settingsPlan && stageRegistration(change, settingsPlan)] as const;
  });

  return {
    file,
    path,
    command,
    configFile,
    snippet: configSnippet(dialect.scaffold, entry),
    registration,
    servedSettings,
    note: launcher ? `${language.note} ${launcher.note}` : language.note,
    commandNote: reference?.note ?? PROJECT_RELATIVE,
    warnings,
  };
}

/** `--fail-closed`: the dialect's fail-closed field, refused where the agent has none. */
function failClosedFields(dialect: Dialect, options: ScaffoldOptions, warnings: string[]): Pick<RegistrationEntry, 'fields'> {
  if (options.failClosed !== true) return {};
  const failClosed = dialect.scaffold.failClosed;
  if (failClosed === undefined) {
    throw new UsageError(`--fail-closed: hookctl knows no ${dialect.id} setting that makes a failed hook block the action`);
  }
  if (!failClosed.events.has(options.event)) {
    warnings.push(
      `${dialect.id} ignores "${failClosed.field}": "${failClosed.value}" on ${options.event}; written anyway, it has no effect there`,
    );
  }
  return { fields: { [failClosed.field]: failClosed.value } };
}

/** How a plain project-relative script path is found. */
export const PROJECT_RELATIVE = 'the path is relative to the cwd the agent runs hooks in';

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function scriptName(name: string, extension: string): string {
  const bare = name.endsWith(`.${extension}`) ? name.slice(0, -extension.length - 1) : name;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(bare)) {
    throw new UsageError(`--name "${name}" is not a plain file name (letters, digits, ".", "_", "-"; no path)`);
  }
  return bare;
}

function scaffoldModel(dialect: Dialect, spec: EventSpec, command: string, commandNote: string, guard: boolean): ScaffoldModel {
  const { events } = dialect;
  const fields = eventFields(dialect.id, spec.name);
  // Fields most events carry (session id, cwd, …) are the envelope; the rest say what this event is about.
  const counts = new Map<string, number>();
  for (const other of events) {
    for (const f of eventFields(dialect.id, other.name)) counts.set(f.name, (counts.get(f.name) ?? 0) + 1);
  }
  const inEnvelope = (name: string) => (counts.get(name) ?? 0) > events.length / 2;
  const schemaFile = (kind: string) => `${eventFileStem(spec.name)}.${kind}.json`;
  const hasOutput = packageFileExists('schema', dialect.id, 'events', schemaFile('output'));
  return {
    dialect: dialect.id,
    event: spec.name,
    summary: spec.summary,
    command,
    commandNote,
    silentEffect: dialect.scaffold.silentEffect?.(spec.name) ?? null,
    fields,
    keyFields: fields.filter((f) => f.isString && f.required && !inEnvelope(f.name)).map((f) => f.name),
    examples: dialect.scaffold.examples(spec.name),
    guard,
    inputType: schemaTitle(dialect.id, schemaFile('input')),
    outputType: hasOutput ? schemaTitle(dialect.id, schemaFile('output')) : null,
  };
}

/**
 * The generated type of an event schema is named after its title: `PreToolUseInput`, and for a
 * camelCase event that has a PascalCase twin (copilot) `PreToolUseCamelInput`, not `preToolUseInput`.
 */
function schemaTitle(dialectId: string, file: string): string {
  return String((JSON.parse(readPackageFile('schema', dialectId, 'events', file)) as { title?: unknown }).title);
}
