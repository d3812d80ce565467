#!/usr/bin/env node
// `node scripts/codex-facts.mjs [--bin <codex>] [--out <file>] [--check]` (after `npm run build`)
//
// Derives Codex's hook facts from the pinned Codex itself and writes test/dialects/codex-agent-facts.json,
// which test/dialects/codex-agent-facts.test.ts compares with schema/codex/ and the codex dialect:
// - the hook schemas Codex embeds in its binary (the generated `<event>.command.input` and
//   `.command.output` JSON schemas of codex-rs/hooks/schema/generated): each event's input fields and
//   required ones, its output fields and hookSpecificOutput fields;
// - `codex app-server` hooks/list of a hooks.json holding every candidate event (those hookctl knows
//   and those Codex's schemas name) twice, once with a matcher and defaults, once with a huge timeout
//   and an additionalContextLimit: which events Codex lists, their trust-key name, whether their
//   matcher is kept, their default and largest timeout, whether they take additionalContextLimit.
// Facts only: no Codex file is copied. `--check` exits 1 when the committed file differs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'test', 'dialects', 'codex-agent-facts.json');
const HUGE_TIMEOUT = 100000;
const CONTEXT_LIMIT = 7;

function fail(message) {
  process.stderr.write(`codex-facts: ${message}\n`);
  process.exit(2);
}

function nativeCodex() {
  const triple = process.arch === 'arm64' ? 'aarch64-unknown-linux-musl' : 'x86_64-unknown-linux-musl';
  const pkg = `codex-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
  const native = join(ROOT, 'node_modules', '@openai', pkg, 'vendor', triple, 'bin', 'codex');
  return existsSync(native) ? native : join(ROOT, 'node_modules', '.bin', 'codex');
}

/** Every draft-07 JSON schema document embedded in the binary whose title is `<event>.command.<input|output>`. */
function embeddedSchemas(binary) {
  const data = readFileSync(binary);
  const marker = Buffer.from('"$schema": "http://json-schema.org/draft-07/schema#"');
  const found = new Map();
  for (let at = data.indexOf(marker); at >= 0; at = data.indexOf(marker, at + 1)) {
    const start = data.lastIndexOf(0x7b, at); // the `{` that opens the document
    let depth = 0;
    let inString = false;
    let escaped = false;
    let end = -1;
    for (let i = start; i < data.length && i < start + 200_000; i++) {
      const c = data[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) inString = true;
      else if (c === 0x7b) depth++;
      else if (c === 0x7d && --depth === 0) {
        end = i + 1;
        break;
      }
    }
    if (end < 0) continue;
    let doc;
    try {
      doc = JSON.parse(data.subarray(start, end).toString('utf8'));
    } catch {
      continue;
    }
    const match = typeof doc.title === 'string' ? /^([a-z-]+)\.command\.(input|output)$/.exec(doc.title) : null;
    if (match) found.set(doc.title, { event: match[1], kind: match[2], doc });
  }
  return [...found.values()];
}

const pascal = (kebab) => kebab.replace(/(^|-)([a-z])/g, (_, __, c) => c.toUpperCase());
const sorted = (values) => [...values].sort();

function resolveRef(doc, node) {
  const ref = node?.$ref ?? node?.allOf?.[0]?.$ref;
  return typeof ref === 'string' ? doc.definitions?.[ref.replace('#/definitions/', '')] : node;
}

/** The values a property may take, where the schema closes them (an enum or a const), by property. */
function closedValues(doc) {
  const values = {};
  for (const [name, node] of Object.entries(doc.properties ?? {})) {
    if (name === 'hook_event_name') continue;
    const resolved = resolveRef(doc, node);
    const closed = Array.isArray(resolved?.enum) ? resolved.enum : resolved?.const !== undefined ? [resolved.const] : null;
    if (closed !== null) values[name] = sorted(closed.map(String));
  }
  return values;
}

function inputFacts(doc) {
  return { required: sorted(doc.required ?? []), properties: sorted(Object.keys(doc.properties ?? {})), values: closedValues(doc) };
}

function outputFacts(doc) {
  const specific = resolveRef(doc, doc.properties?.hookSpecificOutput);
  return {
    properties: sorted(Object.keys(doc.properties ?? {})),
    hookSpecificOutput: specific?.properties ? sorted(Object.keys(specific.properties)) : null,
  };
}

async function listed(binary, events) {
  const { openCodexAppServer } = await import(join(ROOT, 'dist', 'src', 'dialects', 'codex', 'agent', 'index.js')).catch(() =>
    fail('dist/ is not built: run `npm run build` first'),
  );
  const root = mkdtempSync(join(tmpdir(), 'hookctl-codex-facts-'));
  try {
    const home = join(root, 'home');
    const codexHome = join(home, '.codex');
    const project = join(root, 'project');
    mkdirSync(codexHome, { recursive: true });
    mkdirSync(project);
    const hooks = Object.fromEntries(
      events.map((event) => [
        event,
        [
          { matcher: 'x', hooks: [{ type: 'command', command: `echo ${event}` }] },
          { hooks: [{ type: 'command', command: `echo ${event} 2`, timeout: HUGE_TIMEOUT, additionalContextLimit: CONTEXT_LIMIT }] },
        ],
      ]),
    );
    writeFileSync(join(codexHome, 'hooks.json'), JSON.stringify({ hooks }));
    const server = await openCodexAppServer(binary, { CODEX_HOME: codexHome, HOME: home });
    if ('unavailable' in server) fail(`codex app-server cannot run here: ${server.unavailable}`);
    try {
      return (await server.hooksList(project)).hooks;
    } finally {
      await server.close();
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const args = process.argv.slice(2);
  const binIndex = args.indexOf('--bin');
  const binary = binIndex >= 0 ? args[binIndex + 1] : nativeCodex();
  if (!binary || !existsSync(binary)) fail(`no codex binary at ${binary}: run npm ci`);
  const version = /(\d+\.\d+\.\d+\S*)/.exec(execFileSync(binary, ['--version'], { encoding: 'utf8' }))?.[1];
  if (!version) fail('codex --version printed no version');
  const schemas = embeddedSchemas(binary);
  if (schemas.length === 0) fail('found no hook schemas in the binary');
  const { manifest } = await import(join(ROOT, 'dist', 'src', 'dialects', 'codex', 'manifest.js'));
  const candidates = sorted(new Set([...manifest.events.map((event) => event.name), ...schemas.map((schema) => pascal(schema.event))]));
  const hooks = await listed(binary, candidates);
  const events = {};
  for (const name of candidates) {
    const [first, second] = hooks.filter((hook) => hook.command === `echo ${name}` || hook.command === `echo ${name} 2`);
    if (first === undefined || second === undefined) continue; // Codex ignores an event it does not know
    const kebab = name.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase();
    const input = schemas.find((schema) => schema.event === kebab && schema.kind === 'input');
    const output = schemas.find((schema) => schema.event === kebab && schema.kind === 'output');
    events[name] = {
      key: first.key.split(':').at(-3),
      listedAs: first.eventName,
      matcher: first.matcher !== null,
      defaultTimeoutSec: Number(first.timeoutSec),
      maxTimeoutSec: Number(second.timeoutSec) < HUGE_TIMEOUT ? Number(second.timeoutSec) : null,
      additionalContextLimit: second.additionalContextLimit === CONTEXT_LIMIT,
      input: input === undefined ? null : inputFacts(input.doc),
      output: output === undefined ? null : outputFacts(output.doc),
    };
  }
  const facts = {
    $comment: 'Derived from the pinned Codex by scripts/codex-facts.mjs; checked by test/dialects/codex-agent-facts.test.ts. Do not edit.',
    agent: '@openai/codex',
    version,
    listingOrder: [...new Set(hooks.map((hook) => hook.key.split(':').at(-3)))],
    events,
  };
  const text = `${JSON.stringify(facts, null, 2)}\n`;
  const outIndex = args.indexOf('--out');
  const out = outIndex >= 0 ? args[outIndex + 1] : OUT;
  if (args.includes('--check')) {
    const committed = existsSync(out) ? readFileSync(out, 'utf8') : '';
    if (committed !== text) {
      process.stderr.write(`codex-facts: ${out} is not what Codex ${version} says; run node scripts/codex-facts.mjs\n`);
      return 1;
    }
    process.stdout.write(`codex-facts: ${out} matches Codex ${version}\n`);
    return 0;
  }
  writeFileSync(out, text);
  process.stdout.write(`codex-facts: wrote ${out} (Codex ${version}, ${Object.keys(events).length} events)\n`);
  return 0;
}

process.exit(await main());
