import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Engine } from '../engine/engine.js';
import { MAX_NESTING } from '../config/nesting-limit.js';
import { NoCasesError } from '../errors.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { readRegularFile, SIZE_CAPS } from '../util/regular-file.js';
import { jsonDepth, parseJsonText } from '../util/safe-json.js';
import { didYouMean } from '../util/did-you-mean.js';
import { requireCwdInside, resolvePortable } from '../fixture/portable-paths.js';
import type { Outcome } from '../kit/index.js';
import { jsonSyntaxError } from './json-error.js';
import { matchExpected, regexErrors, type Mismatch } from './match-expected.js';
import { describeBroken, type HookPreflight } from './preflight.js';

/** A fixture case file, `*.case.json`. */
export interface HookCase {
  event: string;
  payload?: unknown;
  /** Path of a payload JSON file, relative to the case file. */
  payloadFile?: string;
  /** A deep subset of the expected outcome. */
  expect: Record<string, unknown>;
  /** The dialect the case is for (its payload is written in that agent's form). */
  dialect?: string;
  /**
   * Every dialect the case runs in: the payload is written in the first one's form and translated
   * into the others' through the cross-agent table (`CaseDialects.translate`).
   */
  dialects?: string[];
  /** Free text for the reader; ignored. */
  description?: string;
}

/** The keys a case file may hold; any other is an error with a did-you-mean. */
export const CASE_KEYS = ['event', 'payload', 'payloadFile', 'expect', 'dialect', 'dialects', 'description'] as const;

export interface CaseResult {
  /** Case file path relative to the cases directory. */
  name: string;
  /**
   * The dialect the case ran in (a case naming several gives one result per dialect); null when it
   * could not be given one (a bad case file, an unknown dialect, one without config here).
   */
  dialect: string | null;
  passed: boolean;
  mismatches: Mismatch[];
  /** Why the case could not run (bad case file, invalid payload…), else null. */
  error: string | null;
  /** Each selected hook of a failed case, so the failure says what ran; empty when the case passed or never ran. */
  hooks: HookSummary[];
}

/** What one hook of a failed case did: enough to see why the outcome differs without a dry-run. */
export interface HookSummary {
  id: string;
  status: string;
  skipReason: string | null;
  exitCode: number | null;
  signal: string | null;
  /** The last lines of its stderr (at most STDERR_TAIL_LINES), '' when it wrote none. */
  stderrTail: string;
}

const STDERR_TAIL_LINES = 5;

export interface CasesReport {
  results: CaseResult[];
  passed: number;
  failed: number;
  /** Passed and failed per dialect, in the order the dialects first ran; cases given no dialect are in neither. */
  dialects: { dialect: string; passed: number; failed: number }[];
}

/** An engine for one dialect, with the hooks lint says cannot run in it. */
export interface DialectEngine {
  engine: Engine;
  preflight?: HookPreflight;
}

/**
 * How cases pick their dialects (`hookctl test` in a project with several): the caller knows the
 * dialect ids and which have config here; the core only compares strings.
 */
export interface CaseDialects {
  /** Every dialect id hookctl knows (for "unknown dialect" with a did-you-mean). */
  known: readonly string[];
  /** The dialects with hook config here, which a case may run in. */
  available: readonly string[];
  /** The dialect of a case that names none, or null when there are several and the case must say. */
  fallback: string | null;
  /** Why a known dialect is not available, as the end of a sentence ("…: <why>"). */
  unavailable(dialect: string): string;
  /** Opens (once) the engine of an available dialect. */
  open(dialect: string): Promise<DialectEngine>;
  /**
   * The case's event and payload as another dialect's agent would send them (the cross-agent table),
   * or an error message saying why it cannot be.
   */
  translate?(
    from: string,
    to: string,
    event: string,
    payload: unknown,
    context: { cwd: string },
  ): Promise<{ event: string; payload: unknown } | { error: string }>;
}

export interface RunCasesOptions {
  /**
   * The project under test: `${PROJECT}` in payloads stands for it, a relative `cwd` is resolved
   * against it, and a case whose `cwd` lies outside it is refused. Default: the process cwd.
   */
  projectDir?: string;
  /** Cancels the running case's hooks; the remaining cases are not run. */
  signal?: AbortSignal;
  /** Called once, after the cases were found and before the first one runs. */
  beforeFirstCase?: () => void;
  /**
   * The hooks lint says cannot run as written (preflight.ts): a case that runs one fails with the
   * finding and its position, whatever its outcome (a crashed guard's exit 2 can look like a deny).
   */
  preflight?: HookPreflight;
}

/** Runs every `*.case.json` under `dir` (sorted, recursive) through the engine and compares outcomes. */
export async function runCases(engine: Engine, dir: string, options: RunCasesOptions = {}): Promise<CasesReport> {
  const opened: DialectEngine = options.preflight ? { engine, preflight: options.preflight } : { engine };
  return runCasesAcross(
    dir,
    {
      known: [engine.dialect],
      available: [engine.dialect],
      fallback: engine.dialect,
      unavailable: () => `this engine runs ${engine.dialect}`,
      open: async () => opened,
    },
    options,
  );
}

/**
 * Runs every case in each dialect it is for: its `dialects`, its `dialect`, a folder of its path
 * named after a dialect (`hooks-tests/codex/…`), else `dialects.fallback`.
 */
export async function runCasesAcross(dir: string, dialects: CaseDialects, options: RunCasesOptions = {}): Promise<CasesReport> {
  const root = resolve(dir);
  const files = await findCaseFiles(root, dir);
  if (files.length === 0) throw new NoCasesError(`no *.case.json files under ${dir}`);
  const results: CaseResult[] = [];
  const projectDir = resolve(options.projectDir ?? '.');
  options.beforeFirstCase?.();
  for (const file of files) {
    if (options.signal?.aborted) break;
    const name = relative(root, file);
    const loaded = await loadCase(file, projectDir);
    if (!loaded.ok) {
      results.push(failedCase(name, null, loaded.error));
      continue;
    }
    const targets = caseDialects(loaded.testCase, name, dialects);
    if (!targets.ok) {
      results.push(failedCase(name, null, targets.error));
      continue;
    }
    for (const dialect of targets.dialects) {
      if (options.signal?.aborted) break;
      results.push(await runCase(loaded, name, dialect, targets.dialects[0]!, dialects, projectDir, options));
    }
  }
  const passed = results.filter((result) => result.passed).length;
  const perDialect = new Map<string, { dialect: string; passed: number; failed: number }>();
  for (const result of results) {
    if (result.dialect === null) continue;
    const row = perDialect.get(result.dialect) ?? { dialect: result.dialect, passed: 0, failed: 0 };
    if (result.passed) row.passed++;
    else row.failed++;
    perDialect.set(result.dialect, row);
  }
  return { results, passed, failed: results.length - passed, dialects: [...perDialect.values()] };
}

function failedCase(name: string, dialect: string | null, error: string): CaseResult {
  return { name, dialect, passed: false, mismatches: [], error, hooks: [] };
}

type Targets = { ok: true; dialects: string[] } | { ok: false; error: string };

/** The dialects a case runs in, checked against those known and configured here. */
function caseDialects(testCase: HookCase, name: string, dialects: CaseDialects): Targets {
  const named = testCase.dialects ?? (testCase.dialect === undefined ? undefined : [testCase.dialect]);
  const key = testCase.dialects !== undefined ? '"dialects"' : '"dialect"';
  if (named === undefined) {
    const folder = name
      .split(/[\\/]/)
      .slice(0, -1)
      .reverse()
      // Only a dialect configured here: a project of one dialect may have a folder that happens to bear another's name.
      .find((segment) => dialects.available.includes(segment));
    if (folder !== undefined) return { ok: true, dialects: [folder] };
    if (dialects.fallback !== null) return { ok: true, dialects: [dialects.fallback] };
    const choices = dialects.available;
    return {
      ok: false,
      error:
        `the case names no dialect and this project has hook config for ${choices.join(', ')}: ` +
        `add "dialect": "${choices[0]}" (or "dialects": [${choices.map((id) => `"${id}"`).join(', ')}]), ` +
        `or put it in a folder named after its dialect (hooks-tests/${choices[0]}/)`,
    };
  }
  for (const id of named) {
    if (!dialects.known.includes(id)) {
      const guess = didYouMean(id, dialects.known);
      const hint = guess ? `did you mean "${guess}"?` : `use one of ${dialects.known.join(', ')}`;
      return { ok: false, error: `invalid case file: ${key} names unknown dialect "${id}"; ${hint}` };
    }
  }
  return checkAvailable([...new Set(named)], key, dialects);
}

/**
 * The dialects a case names — its `dialects`, its `dialect`, or a folder of its path named after a
 * dialect — or null when it names none. The first is the one its payload is written for.
 */
export function namedDialects(testCase: HookCase, name: string, known: readonly string[]): string[] | null {
  if (testCase.dialects !== undefined) return [...new Set(testCase.dialects)];
  if (testCase.dialect !== undefined) return [testCase.dialect];
  const folder = name
    .split(/[\\/]/)
    .slice(0, -1)
    .reverse()
    .find((segment) => known.includes(segment));
  return folder === undefined ? null : [folder];
}

function checkAvailable(named: string[], key: string, dialects: CaseDialects): Targets {
  const missing = named.find((id) => !dialects.available.includes(id));
  if (missing === undefined) return { ok: true, dialects: named };
  return { ok: false, error: `the case is for ${missing} (${key}), which cannot run here: ${dialects.unavailable(missing)}` };
}

async function runCase(
  loaded: LoadedCase,
  name: string,
  dialect: string,
  writtenIn: string,
  dialects: CaseDialects,
  projectDir: string,
  { signal }: RunCasesOptions,
): Promise<CaseResult> {
  const failed = (error: string): CaseResult => failedCase(name, dialect, error);
  if (!loaded.ok) return failed(loaded.error);
  const { testCase } = loaded;
  try {
    let { event } = testCase;
    let { payload } = loaded;
    if (dialect !== writtenIn) {
      if (dialects.translate === undefined) return failed(`cannot translate a ${writtenIn} case into ${dialect} here`);
      const translated = await dialects.translate(writtenIn, dialect, event, payload, { cwd: projectDir });
      if ('error' in translated) return failed(`written for ${writtenIn}, cannot run in ${dialect}: ${translated.error}`);
      ({ event, payload } = translated);
    }
    const { engine, preflight } = await dialects.open(dialect);
    const outcome = await engine.dispatch(event, payload, signal ? { signal } : {});
    const mismatches = matchExpected(testCase.expect, outcome);
    const broken = preflight?.among(outcome.runs.filter((run) => run.skipReason === null).map((run) => run.id)) ?? [];
    if (broken.length > 0) {
      return { name, dialect, passed: false, mismatches, error: describeBroken(broken), hooks: summarizeHooks(outcome) };
    }
    const passed = mismatches.length === 0;
    return { name, dialect, passed, mismatches, error: null, hooks: passed ? [] : summarizeHooks(outcome) };
  } catch (error) {
    return failed((error as Error).message);
  }
}

/** A case file read and checked, with its payload resolved against the project; or why it cannot run. */
export type LoadedCase = { ok: true; testCase: HookCase; payload: unknown } | { ok: false; error: string };

export async function loadCase(file: string, projectDir: string): Promise<LoadedCase> {
  let testCase: HookCase;
  try {
    testCase = parseCase(await readJsonFile(file, 'the case file'));
  } catch (error) {
    return { ok: false, error: `invalid case file: ${(error as Error).message}` };
  }
  const badRegexes = regexErrors(testCase.expect);
  if (badRegexes.length > 0) return { ok: false, error: badRegexes.join('; ') };
  try {
    const stored = testCase.payloadFile !== undefined ? await readPayloadFile(dirname(file), testCase.payloadFile) : testCase.payload;
    // Checked once resolved: `${PROJECT}/../other` must not pass as a path inside the project.
    const payload = resolvePortable(stored, projectDir);
    requireCwdInside(payload, projectDir, isPlainObject(stored) ? stored.cwd : undefined);
    return { ok: true, testCase, payload };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

function summarizeHooks(outcome: Outcome): HookSummary[] {
  return outcome.runs.map((run) => ({
    id: run.id,
    status: run.status,
    skipReason: run.skipReason,
    exitCode: run.exitCode,
    signal: run.signal,
    stderrTail: run.stderr.trimEnd().split('\n').slice(-STDERR_TAIL_LINES).join('\n'),
  }));
}

function parseCase(value: unknown): HookCase {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('a case is a JSON object');
  const candidate = value as Record<string, unknown>;
  for (const key of Object.keys(candidate)) {
    if ((CASE_KEYS as readonly string[]).includes(key)) continue;
    const guess = didYouMean(key, CASE_KEYS);
    throw new Error(`unknown key "${key}"; ${guess ? `did you mean "${guess}"?` : `a case holds ${CASE_KEYS.join(', ')}`}`);
  }
  if (candidate.dialect !== undefined && candidate.dialects !== undefined) {
    throw new Error('give "dialect" (one) or "dialects" (several), not both');
  }
  if (candidate.dialect !== undefined && typeof candidate.dialect !== 'string') throw new Error('"dialect" must be a dialect id string');
  if (
    candidate.dialects !== undefined &&
    (!Array.isArray(candidate.dialects) || candidate.dialects.length === 0 || candidate.dialects.some((id) => typeof id !== 'string'))
  ) {
    throw new Error('"dialects" must be a non-empty array of dialect ids; the payload is written in the first one\'s form');
  }
  if (typeof candidate.event !== 'string') throw new Error('"event" must be a string');
  if (typeof candidate.expect !== 'object' || candidate.expect === null || Array.isArray(candidate.expect)) {
    throw new Error('"expect" must be an object (a subset of the outcome)');
  }
  // The comparison walks "expect" recursively; an outcome never nests anywhere near this deep.
  if (jsonDepth(candidate.expect) > MAX_NESTING) throw new Error(`"expect" is nested more than ${MAX_NESTING} levels deep`);
  if ((candidate.payload === undefined) === (candidate.payloadFile === undefined)) {
    throw new Error('give exactly one of "payload" and "payloadFile"');
  }
  if (candidate.payloadFile !== undefined && typeof candidate.payloadFile !== 'string') {
    throw new Error('"payloadFile" must be a path string');
  }
  return candidate as unknown as HookCase;
}

export async function findCaseFiles(dir: string, shown: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'ENOTDIR' ? 'is not a directory' : `cannot be read (${code})`;
    throw new NoCasesError(`the cases directory ${shown} ${why}`);
  }
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.case.json'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function readPayloadFile(caseDir: string, payloadFile: string): Promise<unknown> {
  return readJsonFile(resolve(caseDir, payloadFile), `payloadFile ${payloadFile}`);
}

/**
 * A case or payload file as JSON. Cases are committed next to the hooks, so they are repository
 * content: only a regular file up to the payload cap is read (util/regular-file.ts).
 */
async function readJsonFile(path: string, what: string): Promise<unknown> {
  const read = await readRegularFile(path, SIZE_CAPS.payload);
  if (!read.ok) throw new Error(`${what} ${read.missing ? 'does not exist' : `cannot be read: ${read.reason}`}`);
  const text = read.bytes.toString('utf8');
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new Error(`${what} is not valid JSON: ${jsonSyntaxError(text, parsed.message)}`);
  return parsed.value;
}
