import {
  closeSync,
  constants,
  fstatSync,
  futimesSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledCondition, CompiledMatcher, Dialect, LoadContext, LoadedConfig } from '../kit/index.js';
import { packageRoot } from '../contracts/package-root.js';
import { matchEverything } from './compile-matcher.js';
import { PRUNING, pruneConfigCache } from './config-cache-pruning.js';
import { environmentHolds, type EnvironmentReads, isEnvironmentReads, recordEnvironmentReads } from './environment-reads.js';
import { re2 } from './re2.js';

/**
 * `hookctl run` is spawned per tool call, and reading, checking and normalising a large
 * configuration (10,000 handlers) costs far more than a Node start. This cache keeps the loaded
 * configuration of one project as JSON, and gives it back only when nothing it came from can have
 * changed. A cache must never make a hook run that should not, or skip one that should, so:
 *
 * - the key is the dialect, hookctl's version and build and every load setting, compared in full
 *   (the file name is only a digest of it), and every environment variable the load looked up,
 *   with the list of names when it listed them (environment-reads.ts);
 * - every path the load depends on (LoadedConfig.watchPaths: files read, places a file would be
 *   read from, drop-in directories) is recorded with its stat signature (device, inode, size,
 *   mtime and ctime in nanoseconds), and any difference, a file appearing included, is a miss;
 * - nothing is written while a recorded file may still be changing within the clock's resolution;
 * - the directory must be a real directory (never a symlink) owned by the user and writable by
 *   nobody else, files are opened with O_NOFOLLOW, written privately and renamed into place, and
 *   carry a checksum; anything unreadable, foreign or damaged is a miss, never an error;
 * - the directory is pruned after each write (config-cache-pruning.ts): it never grows without bound.
 *
 * Trust is not cached: the engine decides it afresh from the trust store on every run.
 */

const FORMAT = 'hookctl-config-cache 3';
/** A cache file larger than this is not read (a 10,000-handler configuration is about 5 MB). */
const MAX_BYTES = 64 * 1024 * 1024;
/** File timestamps come from a coarse clock (a kernel tick, up to 10 ms); twice that is settled. */
const SETTLE_NS = 20_000_000n;
/** Markers for what JSON cannot hold; a configuration that has one of these keys is not cached. */
const UNDEFINED = '\u0000undefined';
const MATCHER = '\u0000matcher';
const CONDITION = '\u0000condition';

/** Thrown by the encoder for a value the cache cannot give back exactly; the load is then not cached. */
class Uncacheable extends Error {}

/**
 * The private directory for compiled configurations: `$XDG_CACHE_HOME/hookctl/config`, else
 * `node_modules/.cache/hookctl/config` of the installation (where the code cache lives too), or
 * null when it cannot be made safe.
 */
export function configCacheDirectory(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  try {
    const xdg = env.XDG_CACHE_HOME;
    const root = packageRoot();
    const modules = basename(dirname(root)) === 'node_modules' ? dirname(root) : join(root, 'node_modules');
    const base = xdg && isAbsolute(xdg) ? join(xdg, 'hookctl') : join(modules, '.cache', 'hookctl');
    // Checked before anything is made inside: never create a directory through a planted symlink.
    mkdirSync(base, { recursive: true, mode: 0o700 });
    if (!privateDirectory(base)) return null;
    const dir = join(base, 'config');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return privateDirectory(dir) ? dir : null;
  } catch {
    return null;
  }
}

/** A real directory (not a symlink), owned by this user and writable by nobody else. */
function privateDirectory(dir: string): boolean {
  const info = lstatSync(dir);
  const uid = typeof process.getuid === 'function' ? process.getuid() : info.uid;
  return info.isDirectory() && info.uid === uid && (info.mode & 0o022) === 0;
}

/**
 * `dialect.loadConfig(context)` through the cache in `dir`: the cached configuration when its key
 * and every recorded path's signature still hold, else a fresh load, cached for the next run when
 * it can be. With `events`, the configuration holds only those events' handlers (what one dispatch
 * needs): a cached one then reads and rebuilds only their part of the entry.
 */
export async function loadConfigCached(
  dialect: Dialect,
  context: LoadContext,
  dir: string,
  events?: readonly string[],
): Promise<LoadedConfig> {
  if (dialect.configCache === undefined) return onlyEvents(await dialect.loadConfig(context), events);
  const key = cacheKey(dialect, context);
  const file = join(dir, `${dialect.id}-${fnv(key, 0x811c9dc5)}${fnv(key, 0x01000193)}.json`);
  const cached = readEntry(file, key, context.env, dialect, events);
  if (cached !== undefined) {
    dialect.configCache.refresh?.(cached, context);
    return cached;
  }
  const started = process.hrtime.bigint();
  const recorded = recordEnvironmentReads(context.env);
  const config = await dialect.loadConfig({ ...context, env: recorded.env });
  if (writeEntry(file, key, recorded.reads, config, started)) pruneConfigCache(dir, file);
  return onlyEvents(config, events);
}

/** The configuration with only the handlers of `events` (all when absent), in their order. */
export function onlyEvents(config: LoadedConfig, events: readonly string[] | undefined): LoadedConfig {
  if (events === undefined) return config;
  return { ...config, handlers: config.handlers.filter((handler) => events.includes(handler.event)) };
}

/** Everything but the environment a load depends on besides files, as one string compared in full. */
function cacheKey(dialect: Dialect, context: LoadContext): string {
  const { env: _env, ...settings } = context;
  return JSON.stringify([FORMAT, dialect.id, hookctlBuild(), settings, dialect.configCache?.key?.(context) ?? null]);
}

/** hookctl's version and the signature of the code running (the bundle, or this compiled module). */
function hookctlBuild(): string {
  const version = (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version;
  return `${String(version)} ${signatureOf(fileURLToPath(import.meta.url))}`;
}

/** 32-bit FNV-1a of a string, as 8 hex digits: a file name, never the check itself. */
function fnv(text: string, seed: number): string {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * `-` absent; `d` a directory (only its existence and owner matter), or for a listing path (ending in `/`:
 * its entries matter) its device, inode, mtime and ctime; else device, inode, size, mtime and ctime
 * of the file, in nanoseconds; `!<code>` when it cannot be examined (becoming readable is a change).
 */
function signatureOf(path: string): string {
  try {
    const info = statSync(path, { bigint: true, throwIfNoEntry: false });
    if (info === undefined) return '-';
    // The owner too: claude reads a repository root's local settings only when the user owns it.
    if (info.isDirectory() && !path.endsWith('/')) return `d:${info.uid}`;
    const kind = info.isDirectory() ? 'l' : 'f';
    return `${kind}:${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/** True when the path changed after `before` (nanoseconds since the epoch), so a write may still be under way. */
function unsettled(path: string, before: bigint): boolean {
  try {
    const info = statSync(path, { bigint: true, throwIfNoEntry: false });
    return info !== undefined && info.ctimeNs >= before;
  } catch {
    return false;
  }
}

/**
 * An entry is three parts: the header line (format and the checksum of the envelope), the envelope
 * (one JSON line: key, environment, signatures, matchers, conditions, the configuration without
 * its handlers, and where each event's handlers are), then each event's handlers as a JSON array
 * with its own checksum. A run reads the envelope and its event's part only.
 */
interface Envelope {
  key: string;
  env: EnvironmentReads;
  signatures: [string, string][];
  matchers: { source: string | null; kind: CompiledMatcher['kind']; names?: string[]; re2Source?: string }[];
  conditions: { source: string; data: unknown }[];
  config: unknown;
  /** Event → byte offset (after the envelope's line), byte length and checksum of its handlers. */
  parts: Record<string, [number, number, string]>;
  /** The events of the handlers in configured order, run-length encoded: [event, count]… */
  order: [string, number][];
}

function readEntry(
  file: string,
  key: string,
  env: Readonly<Record<string, string | undefined>>,
  dialect: Dialect,
  events?: readonly string[],
): LoadedConfig | undefined {
  try {
    const bytes = readPrivate(file, true);
    if (bytes === undefined) return undefined;
    const headerEnd = bytes.indexOf(10);
    const envelopeEnd = bytes.indexOf(10, headerEnd + 1);
    if (headerEnd < 0 || envelopeEnd < 0) return undefined;
    const text = bytes.toString('utf8', headerEnd + 1, envelopeEnd);
    if (bytes.toString('latin1', 0, headerEnd) !== `${FORMAT} ${fnv(text, 0x811c9dc5)}`) return undefined;
    const envelope = JSON.parse(text) as Envelope;
    if (envelope.key !== key || !isEnvironmentReads(envelope.env) || !environmentHolds(envelope.env, env)) return undefined;
    for (const [path, signature] of envelope.signatures) if (signatureOf(path) !== signature) return undefined;
    const revived = new Revived(envelope, dialect);
    const config = revived.restore(envelope.config) as LoadedConfig;
    const handlers = new Map<string, unknown[]>();
    const wanted = events ?? Object.keys(envelope.parts);
    for (const event of wanted) {
      const part = envelope.parts[event];
      if (part === undefined) continue;
      const [offset, length, checksum] = part;
      const json = bytes.toString('utf8', envelopeEnd + 1 + offset, envelopeEnd + 1 + offset + length);
      if (fnv(json, 0x811c9dc5) !== checksum) return undefined;
      handlers.set(event, revived.restore(JSON.parse(json)) as unknown[]);
    }
    config.handlers = inOrder(envelope.order, handlers) as LoadedConfig['handlers'];
    return config;
  } catch {
    return undefined;
  }
}

/** The handlers of the events read, back in configured order. */
function inOrder(order: Envelope['order'], parts: Map<string, unknown[]>): unknown[] {
  const handlers: unknown[] = [];
  const taken = new Map<string, number>();
  for (const [event, count] of order) {
    const part = parts.get(event);
    if (part === undefined) continue;
    const from = taken.get(event) ?? 0;
    if (from + count > part.length) throw new Uncacheable('order');
    for (let i = from; i < from + count; i++) handlers.push(part[i]);
    taken.set(event, from + count);
  }
  return handlers;
}

/**
 * The file's text, when it is a regular file of this user, opened without following a symlink.
 * `touch`: an mtime older than a day is set to now, so that pruning sees the entry as in use.
 */
function readPrivate(file: string, touch: boolean): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    const info = fstatSync(fd);
    const uid = typeof process.getuid === 'function' ? process.getuid() : info.uid;
    if (!info.isFile() || info.uid !== uid || (info.mode & 0o022) !== 0 || info.size > MAX_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(info.size);
    if (readSync(fd, bytes, 0, info.size, 0) !== info.size) return undefined;
    if (touch && Date.now() - info.mtimeMs > PRUNING.touchAfterMs) touchOpen(fd);
    return bytes;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Sets an open file's times to now; a failure only makes it look older to pruning. */
function touchOpen(fd: number): void {
  try {
    const now = new Date();
    futimesSync(fd, now, now);
  } catch {
    // Read-only file system or the like: the entry still serves.
  }
}

/**
 * Caches `config` unless it cannot be given back exactly, had fatal findings, or a file it came
 * from changed since the load started (its content may be newer or older than what was read).
 */
function writeEntry(file: string, key: string, env: () => EnvironmentReads, config: LoadedConfig, started: bigint): boolean {
  if (config.findings.some((finding) => finding.fatal)) return false;
  const paths = [...new Set([...config.files, ...(config.watchPaths ?? [])])];
  const before = BigInt(Date.now()) * 1_000_000n - (process.hrtime.bigint() - started) - SETTLE_NS;
  if (paths.some((path) => unsettled(path, before))) return false;
  let text: string;
  try {
    const encoder = new Encoder();
    const byEvent = new Map<string, unknown[]>();
    const order: Envelope['order'] = [];
    for (const handler of config.handlers) {
      const last = order[order.length - 1];
      if (last !== undefined && last[0] === handler.event) last[1]++;
      else order.push([handler.event, 1]);
      const part = byEvent.get(handler.event) ?? [];
      part.push(encoder.value(handler, 1));
      byEvent.set(handler.event, part);
    }
    const parts: Envelope['parts'] = {};
    const chunks: string[] = [];
    let offset = 0;
    for (const [event, handlers] of byEvent) {
      const json = JSON.stringify(handlers);
      const length = Buffer.byteLength(json);
      parts[event] = [offset, length, fnv(json, 0x811c9dc5)];
      chunks.push(json);
      offset += length;
    }
    const rest = encoder.value({ ...config, handlers: [] }, 0);
    const envelope: Envelope = {
      key,
      // Taken after encoding: a configuration that kept the environment and was encoded from it read it all.
      env: env(),
      signatures: paths.map((path) => [path, signatureOf(path)]),
      matchers: encoder.matchers,
      conditions: encoder.conditions,
      config: rest,
      parts,
      order,
    };
    const head = JSON.stringify(envelope);
    text = `${FORMAT} ${fnv(head, 0x811c9dc5)}\n${head}\n${chunks.join('')}`;
  } catch {
    return false;
  }
  return writePrivate(file, text);
}

/** Atomic: a fresh owner-only file, never through a symlink, renamed over the old entry. True when written. */
function writePrivate(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
    const fd = openSync(temporary, flags, 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
    return true;
  } catch {
    // A full disk or a racing writer only costs the next run a load.
    rmSync(temporary, { force: true });
    return false;
  }
}

/**
 * JSON plus what a loaded configuration holds beyond it: `undefined` values (an environment
 * variable a hook must not inherit), compiled matchers and conditions (each kept once, shared as
 * loaded). Anything else that JSON would change (functions, class instances, non-finite numbers,
 * deep nesting) makes the configuration uncacheable.
 */
class Encoder {
  readonly matchers: Envelope['matchers'] = [];
  readonly conditions: Envelope['conditions'] = [];
  private readonly matcherIndex = new Map<object, number>();
  private readonly conditionIndex = new Map<object, number>();

  value(value: unknown, depth: number): unknown {
    if (depth > 64) throw new Uncacheable('too deep');
    if (value === undefined) return { [UNDEFINED]: 1 };
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new Uncacheable('number');
      return value;
    }
    if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1));
    if (typeof value !== 'object') throw new Uncacheable(typeof value);
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw new Uncacheable('class instance');
    const record = value as Record<string, unknown>;
    if (typeof record.test === 'function') return this.compiled(record);
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(record)) {
      // `__proto__` would set a prototype when the entry is restored, not an own key.
      if (name.startsWith('\u0000') || name === '__proto__') throw new Uncacheable('reserved key');
      out[name] = this.value(record[name], depth + 1);
    }
    return out;
  }

  /** A compiled matcher or condition, recorded once however many handlers share it. */
  private compiled(record: Record<string, unknown>): unknown {
    if ('kind' in record) return { [MATCHER]: this.index(this.matcherIndex, this.matchers, record, matcherData) };
    return { [CONDITION]: this.index(this.conditionIndex, this.conditions, record, conditionData) };
  }

  private index<T>(
    seen: Map<object, number>,
    table: T[],
    record: Record<string, unknown>,
    data: (record: Record<string, unknown>) => T,
  ): number {
    let index = seen.get(record);
    if (index === undefined) {
      index = table.push(data(record)) - 1;
      seen.set(record, index);
    }
    return index;
  }
}

const MATCHER_KEYS = new Set(['source', 'kind', 'names', 're2Source', 'test']);

function matcherData(record: Record<string, unknown>): Envelope['matchers'][number] {
  const { source, kind, names, re2Source } = record;
  const valid =
    Object.keys(record).every((name) => MATCHER_KEYS.has(name)) &&
    (source === null || typeof source === 'string') &&
    (kind === 'all' || kind === 'exact' || kind === 'regex') &&
    (names === undefined || (Array.isArray(names) && names.every((name) => typeof name === 'string'))) &&
    (re2Source === undefined || typeof re2Source === 'string') &&
    (kind !== 'exact' || names !== undefined) &&
    (kind !== 'regex' || (re2Source ?? source) !== null);
  if (!valid) throw new Uncacheable('matcher');
  return {
    source: source as string | null,
    kind: kind as CompiledMatcher['kind'],
    ...(names !== undefined ? { names: [...(names as string[])] } : {}),
    ...(re2Source !== undefined ? { re2Source: re2Source as string } : {}),
  };
}

function conditionData(record: Record<string, unknown>): Envelope['conditions'][number] {
  const keys = Object.keys(record);
  if (typeof record.source !== 'string' || record.data === undefined || keys.some((name) => !['source', 'data', 'test'].includes(name))) {
    throw new Uncacheable('condition');
  }
  // The data must survive JSON as it is: the dialect rebuilds the test from it.
  const data = JSON.parse(JSON.stringify(record.data)) as unknown;
  if (JSON.stringify(data) !== JSON.stringify(record.data)) throw new Uncacheable('condition data');
  return { source: record.source, data };
}

/** Rebuilds what the encoder marked; matchers and conditions are compiled on first use, once each. */
class Revived {
  private readonly matchers: (CompiledMatcher | undefined)[] = [];
  private readonly conditions: (CompiledCondition | undefined)[] = [];

  constructor(
    private readonly envelope: Envelope,
    private readonly dialect: Dialect,
  ) {}

  restore(value: unknown): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = this.restore(value[i]);
      return value;
    }
    const record = value as Record<string, unknown>;
    if (UNDEFINED in record) return undefined;
    if (MATCHER in record) return this.matcher(record[MATCHER]);
    if (CONDITION in record) return this.condition(record[CONDITION]);
    for (const name of Object.keys(record)) {
      if (name === '__proto__') throw new Uncacheable('reserved key');
      record[name] = this.restore(record[name]);
    }
    return record;
  }

  private matcher(index: unknown): CompiledMatcher {
    const data = this.envelope.matchers[checkedIndex(index, this.envelope.matchers)]!;
    this.matchers[index as number] ??= reviveMatcher(data);
    return this.matchers[index as number]!;
  }

  private condition(index: unknown): CompiledCondition {
    const { source, data } = this.envelope.conditions[checkedIndex(index, this.envelope.conditions)]!;
    const reviveCondition = this.dialect.configCache?.reviveCondition;
    if (reviveCondition === undefined) throw new Uncacheable('no reviver');
    this.conditions[index as number] ??= reviveCondition(source, data);
    return this.conditions[index as number]!;
  }
}

function checkedIndex(index: unknown, table: readonly unknown[]): number {
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= table.length) throw new Uncacheable('index');
  return index;
}

/** The matcher exactly as the dialect compiled it: the same names, or the same RE2 pattern. */
function reviveMatcher(data: Envelope['matchers'][number]): CompiledMatcher {
  const { source, kind, names, re2Source } = data;
  const shape = { source, kind, ...(names ? { names } : {}), ...(re2Source !== undefined ? { re2Source } : {}) };
  if (kind === 'all') return matchEverything(source);
  if (kind === 'exact') {
    const set = new Set(names);
    return { ...shape, test: (candidate: string) => set.has(candidate) };
  }
  const regex = re2().RE2JS.compile((re2Source ?? source) as string);
  return { ...shape, test: (candidate: string) => regex.test(candidate) };
}
