#!/usr/bin/env node
'use strict';
// `hookctl run` is spawned once per agent tool call, so this file's job is a cheap start: it runs
// the bundled CLI (dist/cli/hookctl.cjs, made by `npm run build`) from a V8 code cache, which
// spares compiling it on every start. The cache only ever costs or saves time: a missing,
// unwritable, foreign or corrupt one means the bundle is compiled from source as if there were none.
// CommonJS (bin/package.json) because a CommonJS entry starts faster than an ES module.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const DIST = path.join(__dirname, '..', 'dist', 'cli');

function readManifest() {
  try {
    return JSON.parse(fs.readFileSync(path.join(DIST, 'bundle.json'), 'utf8'));
  } catch (error) {
    if (error && error.code !== 'ENOENT') throw error;
    process.stderr.write(
      'hookctl: dist/ is missing, so this is a source checkout that was never built: run `npm ci` or `npm run build` in it.\n' +
        'hookctl: as a pre-commit hook or GitHub Action, pin a release tag (rev: v<version>), not a source commit.\n',
    );
    process.exit(2);
  }
}

/**
 * The private directory for compiled code: $XDG_CACHE_HOME/hookctl, else node_modules/.cache/hookctl
 * of the installation. Used only if it is a real directory (not a symlink), owned by this user and
 * writable by nobody else: anyone who could write there could choose the code hookctl runs.
 */
function cacheDirectory() {
  const xdg = process.env.XDG_CACHE_HOME;
  const root = path.join(__dirname, '..');
  const parent = path.basename(path.dirname(root)) === 'node_modules' ? path.dirname(root) : path.join(root, 'node_modules');
  const dir = xdg && path.isAbsolute(xdg) ? path.join(xdg, 'hookctl') : path.join(parent, '.cache', 'hookctl');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(dir);
    const uid = typeof process.getuid === 'function' ? process.getuid() : stat.uid;
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/**
 * A cache file is a 4-byte checksum of the V8 data, then the data: V8 checks its version, flags and
 * length but (in release builds) not the data, and a damaged cache must cost a compile, not a crash.
 * Small data: FNV-1a over 32-bit words, with no module to load. Large data (a bundle's cache, some
 * hundred KiB): zlib's CRC-32, native, where the FNV loop runs interpreted and took 5 ms of a 130 ms
 * `run` on a 2-core VM; loading node:zlib costs about one of those milliseconds, and only the
 * streams it needs that `run` loads anyway. Both change with any one changed word.
 */
const LARGE = 64 * 1024;

function checksum(bytes) {
  if (bytes.length >= LARGE) {
    const { crc32 } = require('node:zlib');
    if (typeof crc32 === 'function') return crc32(bytes);
  }
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2);
  let hash = 0x811c9dc5 ^ aligned.length;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
  for (let i = words.length * 4; i < aligned.length; i++) hash = Math.imul(hash ^ aligned[i], 0x01000193);
  return hash >>> 0;
}

function readCache(file) {
  let fd;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size < 8 || stat.size > 256 * 1024 * 1024) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    if (fs.readSync(fd, bytes, 0, stat.size, 0) !== stat.size) return undefined;
    const data = bytes.subarray(4);
    return checksum(data) === bytes.readUInt32LE(0) ? data : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Atomic: a fresh private file renamed over the old one, so a reader sees a whole cache or none. */
function writeCache(file, data, bundleHash) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(checksum(data), 0);
    const flags = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW;
    const fd = fs.openSync(temporary, flags, 0o600);
    try {
      fs.writeSync(fd, header);
      fs.writeSync(fd, data);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch {
    fs.rmSync(temporary, { force: true });
    return;
  }
  pruneCache(path.dirname(file), bundleHash);
}

/**
 * Caches of other builds (every rebuild makes a new digest) are removed when a new one is written;
 * those of other Node versions or flags of the same build are kept, so two of them in turn do not
 * delete each other's.
 */
function pruneCache(dir, bundleHash) {
  try {
    for (const name of fs.readdirSync(dir)) {
      if (name.endsWith('.v8') && !name.includes(`-${bundleHash}~`)) fs.rmSync(path.join(dir, name), { force: true });
    }
  } catch {
    // another hookctl may be pruning too; a leftover file only takes space
  }
}

/** Cache writes waiting for the process to exit, once each script has run what it will. */
const pendingCaches = [];

/**
 * Runs one bundle file as a CommonJS module, compiled from `cache` when V8 accepts it. The cache is
 * (re)written when the process exits, after the run compiled the functions it used, so the next
 * start finds them compiled too.
 */
function loadCached(file, cache, localRequire, variant = '') {
  const vm = require('node:vm');
  const name = `${path.relative(DIST, file).replace(/[/\\]/g, '_')}${variant}`;
  const cacheFile = cache && path.join(cache.dir, `${cache.key}~${name}.v8`);
  const cachedData = cacheFile ? readCache(cacheFile) : undefined;
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });
  if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) {
    pendingCaches.push(() => writeCache(cacheFile, script.createCachedData(), cache.hash));
    // One exit listener for every script compiled without a cache (a run validating payloads of
    // many events compiles a validator chunk each: one listener apiece made Node warn past ten).
    if (pendingCaches.length === 1)
      process.once('exit', () => {
        for (const write of pendingCaches) write();
      });
  }
  const module = { exports: {}, filename: file, id: file, loaded: false };
  script.runInThisContext().call(module.exports, module.exports, localRequire, module, file, path.dirname(file));
  module.loaded = true;
  return module.exports;
}

/**
 * The cache key: Node and V8 builds and V8's flags (V8 rejects a cache made under others, so runs
 * with different NODE_OPTIONS would overwrite each other's on every start), the architecture and the
 * bundle's digest.
 */
function cacheKey(manifest) {
  const flags = checksum(Buffer.from(`${process.execArgv.join(' ')}\0${process.env.NODE_OPTIONS ?? ''}`)).toString(16);
  return [process.version, process.versions.v8, process.arch, flags, manifest.hash].join('-').replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The command word of these arguments (the first that is not a flag), or `other`: which small bundle
 * to try, and the full bundle's cache is kept per command, as it holds the functions the run that
 * wrote it compiled, and `dry-run` needs other functions than `list`.
 */
function commandOf(argv) {
  const command = argv.slice(2).find((arg) => !arg.startsWith('-'));
  return command && /^[a-z-]{1,20}$/.test(command) ? command : 'other';
}

/**
 * The small bundle built for these arguments, if any (bundle.json `entries`): `run` with its
 * `--dialect` (the last one given, as the CLI reads them), `run` without one, `--version` alone, a
 * command (`lint`). Only a guess: the bundle's own `takes` decides, with the CLI's parsers.
 */
function entryFor(manifest, argv) {
  const args = argv.slice(2);
  const entries = Array.isArray(manifest.entries) ? manifest.entries : [];
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-v' || args[0] === '-V')) {
    return entries.find((entry) => entry.command === 'version');
  }
  const command = commandOf(argv);
  if (command !== 'run') return entries.find((entry) => entry.command === command && command !== 'version');
  let dialect;
  for (let i = 1; i < args.length; i++) {
    if (args[i] === '--dialect') dialect = args[++i];
    else if (args[i].startsWith('--dialect=')) dialect = args[i].slice('--dialect='.length);
  }
  return entries.find((entry) => entry.command === 'run' && entry.dialect === dialect);
}

function loadBundle() {
  const manifest = readManifest();
  const main = path.join(DIST, manifest.main);
  const dir = cacheDirectory();
  if (typeof Module.enableCompileCache === 'function') {
    // Node ≥ 22: the built-in compile cache does the same for every module, in the same private place.
    if (dir) Module.enableCompileCache(path.join(dir, 'node'));
    return chosen(manifest, (file) => require(path.join(DIST, file))) ?? require(main);
  }
  const cache = dir ? { dir, key: cacheKey(manifest), hash: manifest.hash } : null;
  const plainRequire = Module.createRequire(main);
  const loaded = new Map();
  // The bundles require their other files (an event's validators, a parser) as `./<path>`; they load the same way.
  const bundleRequire = (id) => {
    if (!/^\.\/[\w/-]+\.cjs$/.test(id)) return plainRequire(id);
    if (!loaded.has(id)) loaded.set(id, loadCached(path.join(DIST, id), cache, plainRequire));
    return loaded.get(id);
  };
  bundleRequire.resolve = plainRequire.resolve;
  bundleRequire.cache = plainRequire.cache;
  return (
    chosen(manifest, (file) => loadCached(path.join(DIST, file), cache, bundleRequire)) ??
    loadCached(main, cache, bundleRequire, `.${commandOf(process.argv)}`)
  );
}

/** The small bundle for these arguments, loaded, if there is one and it takes them. */
function chosen(manifest, load) {
  const entry = entryFor(manifest, process.argv);
  if (entry === undefined) return undefined;
  const bundle = load(entry.file);
  return bundle.takes(process.argv, entry) ? bundle : undefined;
}

loadBundle()
  .main(process.argv)
  .then((code) => {
    process.exitCode = code;
  });
