// Compiles src/ and generated/*.ts to dist/ and copies the generated standalone validators beside
// them (they are JavaScript with hand-off typings, so tsc does not emit them): the library, ESM with
// types. Then bundles the CLI that bin/hookctl.js runs through a V8 code cache: dist/cli/hookctl.cjs
// (CommonJS) and one small file per event's validators (dist/cli/validators/<dialect>-<event>.cjs),
// so `hookctl run` reads one event's validators, not every dialect's. The output is built in a
// fresh folder and swapped in by rename, so a CLI run during a rebuild never sees half a dist/.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build, transform } from 'esbuild';

/**
 * The bundle is built from the compiled JavaScript, so it holds exactly the code the library runs.
 * Dynamic imports stay lazy inside it (esbuild wraps their modules in initialisers), so a command
 * evaluates only what it uses. Minified, so the file a run reads and decodes is a third of the
 * size; the error classes keep their names (errorNamesKept).
 */
async function bundleCli(out, dialects) {
  const cli = join(out, 'cli');
  const lazyValidators = {};
  for (const dialect of dialects) lazyValidators[dialect] = await bundleValidators(out, dialect);
  const shared = [validatorsApart(lazyValidators), vendorApart(await bundleVendor(out, cli)), errorNamesKept()];
  await build({ ...BUNDLE, entryPoints: [join(out, 'src/cli/main.js')], outfile: join(cli, 'hookctl.cjs'), plugins: shared });
  const entries = [
    { file: 'version.cjs', command: 'version' },
    { file: 'lint.cjs', command: 'lint' },
    { file: 'run.cjs', command: 'run' },
    ...dialects.map((dialect) => ({ file: `run-${dialect}.cjs`, command: 'run', dialect })),
  ];
  for (const entry of entries) {
    await build({
      ...BUNDLE,
      entryPoints: [join(out, 'src/cli/entry.js')],
      outfile: join(cli, entry.file),
      plugins: [...shared, leftOut(entry, dialects)],
    });
  }
  const files = readdirSync(cli, { recursive: true })
    .filter((file) => file.endsWith('.cjs'))
    .sort();
  for (const file of files) {
    // esbuild keeps import() of Node built-ins (the source loads a few on first use), but a script
    // run from a V8 code cache has no dynamic import on Node 20: they become requires.
    const text = readFileSync(join(cli, file), 'latin1').replace(/\bimport\("(node:[\w/]+)"\)/g, 'Promise.resolve(require("$1"))');
    if (/\bimport\("/.test(text)) throw new Error(`dist/cli/${file} has a dynamic import() left`);
    // One non-ASCII character would make V8 hold the whole file as a two-byte string.
    if (!PLAIN && /[^\x00-\x7f]/.test(text)) throw new Error(`dist/cli/${file} is not ASCII`);
    writeFileSync(join(cli, file), text, 'latin1');
  }
  // bin/hookctl.js keys its code cache by this digest of every file the bundle is made of.
  const digest = createHash('sha256');
  for (const file of files)
    digest
      .update(file)
      .update('\0')
      .update(readFileSync(join(cli, file)))
      .update('\0');
  const manifest = { main: 'hookctl.cjs', hash: digest.digest('hex').slice(0, 32), entries };
  writeFileSync(join(cli, 'bundle.json'), `${JSON.stringify(manifest)}\n`);
}

/**
 * The parsers of config files, each a file of its own (dist/cli/vendor/<name>.cjs) that a bundle
 * reads on first use: a claude `run` whose configuration comes from the config cache parses no
 * JSON, and none ever reads YAML or TOML. In the bundles each stands behind a module of getters, so
 * even a module that imports one reads it only when a parser is called. They hold no hookctl code,
 * so no class or module state is split between two copies.
 */
const VENDOR = ['yaml', 'toml-eslint-parser', 'jsonc-parser'];

/**
 * jsonc-parser's entry also builds its formatter's tables of indentation strings when loaded (a
 * millisecond of every `lint`), which hookctl never formats with: its file holds the functions
 * hookctl imports (checked against dist/src), and the formatter and editor modules are dropped.
 */
const JSONC_USED = ['findNodeAtLocation', 'getNodeValue', 'parseTree', 'printParseErrorCode', 'visit'];

async function bundleVendor(out, cli) {
  checkJsoncImports(join(out, 'src'));
  const exportsOf = {};
  for (const name of VENDOR) {
    const outfile = join(cli, 'vendor', `${name}.cjs`);
    const contents =
      name === 'jsonc-parser'
        ? `export { ${JSONC_USED.join(', ')} } from 'jsonc-parser';\n`
        : `module.exports = require(${JSON.stringify(name)});\n`;
    await build({ ...BUNDLE, stdin: { contents, resolveDir: process.cwd(), loader: 'js' }, outfile, plugins: [unusedJsoncModules()] });
    exportsOf[name] = Object.keys(createRequire(import.meta.url)(resolve(outfile))).sort();
  }
  return exportsOf;
}

function unusedJsoncModules() {
  return {
    name: 'unused-jsonc-modules',
    setup(builder) {
      builder.onResolve({ filter: /^\.\/impl\/(format|edit)$/ }, (args) =>
        args.importer.includes('/jsonc-parser/') ? { path: join(args.resolveDir, `${args.path}.js`), sideEffects: false } : undefined,
      );
    },
  };
}

/** Every name dist/src imports from jsonc-parser must be in JSONC_USED (tsc leaves only the values' imports). */
function checkJsoncImports(src) {
  for (const file of readdirSync(src, { recursive: true }).filter((name) => name.endsWith('.js'))) {
    for (const match of readFileSync(join(src, file), 'utf8').matchAll(/import \{([^}]*)\} from ['"]jsonc-parser['"]/g)) {
      for (const name of match[1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0])) {
        if (name && !JSONC_USED.includes(name)) throw new Error(`dist/src/${file} imports ${name} from jsonc-parser: add it to JSONC_USED`);
      }
    }
  }
}

/**
 * Each parser, and Node's `fs/promises` (loading it loads readline, file watchers and more, a
 * millisecond or two that a `run` answered from the config cache never uses), behind getters.
 */
function vendorApart(exportsOf) {
  const lazy = { ...exportsOf, 'node:fs/promises': Object.keys(createRequire(import.meta.url)('node:fs/promises')).sort() };
  const where = (name) => (name.startsWith('node:') ? name : `./vendor/${name}.cjs`);
  return {
    name: 'vendor-apart',
    setup(builder) {
      builder.onResolve({ filter: new RegExp(`^(${Object.keys(lazy).join('|')})$`) }, (args) =>
        // The getters' own require is the real module.
        args.namespace === 'lazy-getters' ? { path: args.path, external: true } : { path: args.path, namespace: 'lazy-getters' },
      );
      builder.onResolve({ filter: /^\.\/vendor\// }, (args) => ({ path: args.path, external: true }));
      builder.onLoad({ filter: /.*/, namespace: 'lazy-getters' }, (args) => ({
        contents: [
          `let loaded; const load = () => (loaded ??= require(${JSON.stringify(where(args.path))}));`,
          ...lazy[args.path].map(
            (key) =>
              `Object.defineProperty(exports, ${JSON.stringify(key)}, { enumerable: true, get: () => load()[${JSON.stringify(key)}] });`,
          ),
        ].join('\n'),
        loader: 'js',
      }));
    },
  };
}

/**
 * Minified identifiers would rename hookctl's error classes, and `error.name` (which `--debug`
 * prints) is the class's name (src/errors.ts). esbuild's keepNames keeps every function's name, at a
 * property definition per function made (about 5% of a `lint` of many files); only the error
 * classes' names are kept, so errors.js is bundled as esbuild's keepNames transform writes it.
 */
function errorNamesKept() {
  return {
    name: 'error-names-kept',
    setup(builder) {
      builder.onLoad({ filter: /\/src\/errors\.js$/ }, async (args) => ({
        contents: (await transform(readFileSync(args.path, 'utf8'), { keepNames: true, format: 'esm', loader: 'js' })).code,
        loader: 'js',
      }));
    },
  };
}

/**
 * What a small bundle (src/cli/entry.ts) leaves out: for `run` and `--version`, commander and every
 * command, and for `--version` also the run path and the dialects, and for one dialect's `run` the
 * other dialects; for `lint`, the run path and every other command. Each is replaced by a module that
 * throws, which only a bug could reach: bin/hookctl.js hands the bundle only arguments its `takes`
 * accepted, and everything else goes to the full hookctl.cjs.
 */
function leftOut(entry, dialects) {
  const fromMain = new Set(
    {
      version: ['./program.js', './actions/run.js', '../dialects/registry.js'],
      run: ['./program.js'],
      lint: ['./actions/run.js'],
    }[entry.command],
  );
  const otherDialect = new RegExp(`^\\./(${dialects.join('|')})/(index|config-spec)\\.js$`);
  const leave = (args) => {
    if (args.importer.endsWith('/src/cli/main.js')) return fromMain.has(args.path);
    if (entry.command === 'lint' && args.importer.endsWith('/src/cli/commands/index.js')) return args.path !== './lint.js';
    if (entry.dialect === undefined || !args.importer.endsWith('/src/dialects/registry.js')) return false;
    const match = otherDialect.exec(args.path);
    return match !== null && match[1] !== entry.dialect;
  };
  return {
    name: 'left-out',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\// }, (args) => (leave(args) ? { path: args.path, namespace: 'left-out' } : undefined));
      builder.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not in dist/cli/${entry.file}`)});\n`,
        loader: 'js',
      }));
    },
  };
}

/**
 * HOOKCTL_BUILD_PLAIN=1 npm run build: unminified bundles, for profiling (a CPU profile then names
 * hookctl's functions and modules). Never for a release: the files are not checked to be ASCII.
 */
const PLAIN = process.env.HOOKCTL_BUILD_PLAIN === '1';

const BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // jsonc-parser's `main` is a UMD build esbuild cannot follow; its ESM build bundles.
  mainFields: ['module', 'main'],
  minify: !PLAIN,
  legalComments: 'none',
  logLevel: 'error',
  // CommonJS has no import.meta; the few modules that use it (package-root.ts, re2.ts) need this file's URL.
  // Made on first use: most of the files (validators, parsers) never ask, and making it costs each a URL.
  define: { 'import.meta.url': '__hookctl_bundle.url' },
  banner: { js: "var __hookctl_bundle={get url(){return this.u??=require('node:url').pathToFileURL(__filename).href}};" },
};

/**
 * A dialect's validators as one small file per event (its input and output validator, and only the
 * code they reach: esbuild drops the rest of generated/<dialect>/validators.js) plus one for the
 * config validators, and the source of the module that stands in for validators.js in the bundle:
 * the same exports, each validator required from its file on first use. A run validates one event,
 * so it reads that event's validators, not the dialect's half megabyte.
 */
async function bundleValidators(out, dialect) {
  const source = resolve(out, 'generated', dialect, 'validators.js');
  const text = readFileSync(source, 'utf8');
  const maps = {};
  for (const name of ['inputValidators', 'outputValidators', 'configValidators']) {
    const body = new RegExp(`^export const ${name} = \\{\\n([^}]*)\\};$`, 'm').exec(text);
    if (!body) throw new Error(`${source}: no ${name} map`);
    maps[name] = Object.fromEntries([...body[1].matchAll(/^ {2}(\w+): (\w+),$/gm)].map((match) => [match[1], match[2]]));
  }
  const validateConfig = /^export const validateConfig = (\w+);$/m.exec(text)?.[1];
  if (!validateConfig) throw new Error(`${source}: no validateConfig`);
  const entries = join(out, 'validator-entries', dialect);
  mkdirSync(entries, { recursive: true });
  const chunks = [];
  // A camelCase event gets a prefix: esbuild treats output paths that differ only in case as one
  // (copilot's preToolUse and PreToolUse), and so would a case-insensitive file system.
  const safe = (event) => (/^[a-z]/.test(event) && event !== 'config' ? `camel-${event}` : event);
  const file = (event) => `validators/${dialect}-${safe(event)}.cjs`;
  for (const event of Object.keys(maps.inputValidators)) {
    const names = [maps.inputValidators[event], maps.outputValidators[event]].filter(Boolean);
    chunks.push({ entry: safe(event), file: file(event), code: `export { ${names.join(', ')} } from ${JSON.stringify(source)};\n` });
  }
  const configNames = [...new Set([...Object.values(maps.configValidators), validateConfig])];
  chunks.push({ entry: 'config', file: file('config'), code: `export { ${configNames.join(', ')} } from ${JSON.stringify(source)};\n` });
  for (const chunk of chunks) writeFileSync(join(entries, `${chunk.entry}.js`), chunk.code);
  await build({
    ...BUNDLE,
    entryPoints: chunks.map((chunk) => ({ in: join(entries, `${chunk.entry}.js`), out: chunk.file.replace(/\.cjs$/, '') })),
    outdir: join(out, 'cli'),
    outExtension: { '.js': '.cjs' },
  });
  rmSync(join(out, 'validator-entries'), { recursive: true, force: true });
  const lazyMap = (map, chunkOf) =>
    `lazyMap({${Object.entries(map)
      .map(([key, name]) => `${JSON.stringify(key)}: [${JSON.stringify(`./${chunkOf(key)}`)}, ${JSON.stringify(name)}]`)
      .join(', ')}})`;
  const config = `./${file('config')}`;
  return [
    '// Stands in for generated/<dialect>/validators.js in the bundled CLI (scripts/build.mjs).',
    'const load = (chunk, name) => require(chunk)[name];',
    'function lazyMap(entries) {',
    '  const map = {};',
    '  for (const [key, [chunk, name]] of Object.entries(entries)) {',
    '    Object.defineProperty(map, key, { enumerable: true, get: () => load(chunk, name) });',
    '  }',
    '  return Object.freeze(map);',
    '}',
    `export const inputValidators = ${lazyMap(maps.inputValidators, file)};`,
    `export const outputValidators = ${lazyMap(maps.outputValidators, file)};`,
    `export const configValidators = ${lazyMap(maps.configValidators, () => file('config'))};`,
    `export function validateConfig(data) { const validator = load(${JSON.stringify(config)}, ${JSON.stringify(validateConfig)});`,
    '  const valid = validator(data); validateConfig.errors = validator.errors; return valid; }',
  ].join('\n');
}

/** Puts each dialect's lazy stand-in where the bundle would have put generated/<dialect>/validators.js. */
function validatorsApart(lazyValidators) {
  return {
    name: 'validators-apart',
    setup(builder) {
      builder.onResolve({ filter: /generated\/[^/]+\/validators\.js$/ }, (args) => {
        const dialect = /generated\/([^/]+)\/validators\.js$/.exec(args.path)[1];
        return lazyValidators[dialect] === undefined ? undefined : { path: dialect, namespace: 'lazy-validators' };
      });
      builder.onLoad({ filter: /.*/, namespace: 'lazy-validators' }, (args) => ({ contents: lazyValidators[args.path], loader: 'js' }));
    },
  };
}

const next = `dist.next-${process.pid}`;
const old = `dist.old-${process.pid}`;
rmSync(next, { recursive: true, force: true });
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', next], { stdio: 'inherit' });
  const dialects = readdirSync('generated');
  for (const dialect of dialects) {
    for (const file of readdirSync(join('generated', dialect))) {
      if (file.endsWith('.js') || file.endsWith('.d.ts')) {
        cpSync(join('generated', dialect, file), join(next, 'generated', dialect, file));
      }
    }
  }
  await bundleCli(next, dialects);
  if (existsSync('dist')) renameSync('dist', old);
  renameSync(next, 'dist');
} finally {
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}
