#!/usr/bin/env node
// `npm run agents:derive [-- --check]`
//
// Reads facts about Claude Code's hooks from the pinned native binaries themselves, never by hand:
// - the hook event list (the array literal the binary's settings code checks event names against);
// - the keys of each handler type of the binary's settings schema (`{type: "command", …}` objects);
// from @anthropic-ai/claude-code's binary (the CLI users run) and from the Agent SDK's platform
// package's own binary (it may be a newer Claude Code). Writes test/contracts/claude-agent-facts.json;
// `--check` exits 1 when the file differs from what the binaries say (test/contracts/
// claude-agent-facts.test.ts compares the file with schema/claude/ and src/dialects/claude).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}test/contracts/claude-agent-facts.json`;
const HANDLER_TYPES = ['command', 'http', 'mcp_tool', 'prompt', 'agent'];

/** The binaries to read: the CLI package's, and the SDK platform package's for this machine. */
function binaries() {
  const cli = JSON.parse(readFileSync(`${ROOT}node_modules/@anthropic-ai/claude-code/package.json`, 'utf8'));
  const platform = `@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}`;
  const sdkDir = `${ROOT}node_modules/${platform}`;
  const sdk = existsSync(`${sdkDir}/package.json`) ? JSON.parse(readFileSync(`${sdkDir}/package.json`, 'utf8')) : null;
  const sdkPackage = JSON.parse(readFileSync(`${ROOT}node_modules/@anthropic-ai/claude-agent-sdk/package.json`, 'utf8'));
  return [
    {
      name: 'claudeCode',
      package: '@anthropic-ai/claude-code',
      version: cli.version,
      path: `${ROOT}node_modules/@anthropic-ai/claude-code/${cli.bin.claude}`,
    },
    ...(sdk === null ? [] : [{ name: 'agentSdk', package: platform, version: sdkPackage.claudeCodeVersion, path: `${sdkDir}/claude` }]),
  ];
}

/** The longest string-array literal of event names that holds PreToolUse and SessionStart. */
function eventList(text) {
  let best = null;
  for (const match of text.matchAll(/\[(?:"[A-Z][A-Za-z]+",){20,}"[A-Z][A-Za-z]+"\]/g)) {
    const list = JSON.parse(match[0]);
    if (!list.includes('PreToolUse') || !list.includes('SessionStart')) continue;
    if (best === null || list.length > best.length) best = list;
  }
  if (best === null) throw new Error('no hook event list found in the binary');
  return best;
}

/**
 * The top-level keys of the object literal that opens at `start` (`{`), skipping strings and
 * nesting, each with the text of its value.
 */
function objectEntries(text, start) {
  const keys = [];
  let valueStart = -1;
  const close = (at) => {
    if (keys.length > 0 && valueStart >= 0) keys[keys.length - 1].value = text.slice(valueStart, at);
  };
  let depth = 0;
  let i = start;
  let expectKey = true;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = skipString(text, i);
      i = end;
      continue;
    }
    if (c === '{' || c === '(' || c === '[') {
      depth++;
      if (depth === 1) expectKey = true;
      continue;
    }
    if (c === '}' || c === ')' || c === ']') {
      depth--;
      if (depth === 0) {
        close(i);
        return keys;
      }
      continue;
    }
    if (depth === 1 && c === ',') {
      close(i);
      expectKey = true;
    } else if (depth === 1 && expectKey) {
      const key = /^([A-Za-z_$][\w$]*):/.exec(text.slice(i, i + 64));
      if (key) {
        keys.push({ key: key[1], value: '' });
        i += key[1].length;
        valueStart = i + 1;
      }
      expectKey = false;
    }
  }
  throw new Error('unterminated object literal');
}

function skipString(text, start) {
  const quote = text[start];
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === quote) return i;
    else if (quote === '`' && text[i] === '$' && text[i + 1] === '{') {
      // A template substitution: skip to its closing brace (strings inside are rare in the schema).
      let depth = 0;
      for (i += 1; i < text.length; i++) {
        if (text[i] === '{') depth++;
        else if (text[i] === '}' && --depth === 0) break;
      }
    }
  }
  throw new Error('unterminated string');
}

/** Each handler type's keys in the settings schema: the object literal `{type:<lit>("<type>")…}`. */
function handlerKeys(text) {
  const out = {};
  for (const type of HANDLER_TYPES) {
    const match = new RegExp(`\\{type:[A-Za-z_$][\\w$]*\\("${type}"\\)\\.describe\\(`).exec(text);
    if (match === null) continue;
    const entries = objectEntries(text, match.index);
    // A key the schema describes as `@internal` is the binary's own (a plugin's, a cloud session's).
    const internal = (entry) => /\.describe\(["'`]@internal/.test(entry.value);
    out[type] = {
      keys: entries
        .filter((entry) => !internal(entry))
        .map((entry) => entry.key)
        .sort(),
      internal: entries
        .filter(internal)
        .map((entry) => entry.key)
        .sort(),
    };
  }
  return out;
}

function derive() {
  const facts = { $comment: 'Written by `npm run agents:derive` from the pinned Claude Code binaries; do not edit.' };
  for (const binary of binaries()) {
    // latin1 keeps every byte one character, so offsets and ASCII code read as written.
    const text = readFileSync(binary.path, 'latin1');
    facts[binary.name] = { package: binary.package, version: binary.version, events: eventList(text), handlerKeys: handlerKeys(text) };
  }
  return `${JSON.stringify(facts, null, 2)}\n`;
}

const text = derive();
if (process.argv.includes('--check')) {
  const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
  if (current !== text) {
    process.stderr.write('test/contracts/claude-agent-facts.json is not what the pinned binaries say: run `npm run agents:derive`\n');
    process.exit(1);
  }
  process.stdout.write('test/contracts/claude-agent-facts.json matches the pinned binaries\n');
} else {
  writeFileSync(OUT, text);
  process.stdout.write(`wrote ${OUT.slice(ROOT.length)}\n`);
}
