import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Engine } from '../engine/engine.js';
import { MAX_NESTING } from '../config/nesting-limit.js';
import { NoCasesError } from '../errors.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { readRegularFile, SIZE_CAPS } from '../util/regular-file.js';
import { jsonDepth, parseJsonText } from '../util/safe-json.js';
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
}

export interface CaseResult {
  /** Case file path relative to the cases directory. */
  name: string;
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
  const root = resolve(dir);
  const files = await findCaseFiles(root, dir);
  if (files.length === 0) throw new NoCasesError(`no *.case.json files under ${dir}`);
  const results: CaseResult[] = [];
  options.beforeFirstCase?.();
  for (const file of files) {
    if (options.signal?.aborted) break;
    results.push(await runCase(engine, file, relative(root, file), resolve(options.projectDir ?? '.'), options));
  }
  const passed = results.filter((result) => result.passed).length;
  return { results, passed, failed: results.length - passed };
}

async function runCase(
  engine: Engine,
  file: string,
  name: string,
  projectDir: string,
  { signal, preflight }: RunCasesOptions,
): Promise<CaseResult> {
  const failed = (error: string): CaseResult => ({ name, passed: false, mismatches: [], error, hooks: [] });
  const loaded = await loadCase(file, projectDir);
  if (!loaded.ok) return failed(loaded.error);
  const { testCase, payload } = loaded;
  try {
    const outcome = await engine.dispatch(testCase.event, payload, signal ? { signal } : {});
    const mismatches = matchExpected(testCase.expect, outcome);
    const broken = preflight?.among(outcome.runs.filter((run) => run.skipReason === null).map((run) => run.id)) ?? [];
    if (broken.length > 0) return { name, passed: false, mismatches, error: describeBroken(broken), hooks: summarizeHooks(outcome) };
    const passed = mismatches.length === 0;
    return { name, passed, mismatches, error: null, hooks: passed ? [] : summarizeHooks(outcome) };
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
