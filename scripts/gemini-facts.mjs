#!/usr/bin/env node
// `node scripts/gemini-facts.mjs [--core <dir>] [--out <file>] [--check]`
//
// Derives Gemini CLI's hook facts from the pinned @google/gemini-cli-core itself (its compiled
// dist/src/hooks/*.js and their .d.ts), read as text, never run, and writes
// test/dialects/gemini-agent-facts.json, which test/dialects/gemini-agent-facts.test.ts compares with
// schema/gemini/ and the gemini dialect:
// - the events (the `HookEventName` enum), the keys under `hooks` that are settings (`HOOKS_CONFIG_FIELDS`);
// - the hook config: the types the registry accepts and what each requires, the keys of a command hook
//   and of a hook definition (the interfaces), the default timeout (hookRunner's DEFAULT_HOOK_TIMEOUT);
// - the closed values of the payloads (SessionStartSource, SessionEndReason, PreCompressTrigger,
//   NotificationType, HookDecision);
// - each event's input fields (the `<Event>Input` interfaces) and the output fields Gemini reads: its
//   aggregator's merge strategy for the event, the output class it builds, and which top-level and
//   `hookSpecificOutput` fields those read.
// Facts only: no Gemini file is copied. `--check` exits 1 when the committed file differs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'test', 'dialects', 'gemini-agent-facts.json');
const PAYLOAD_ENUMS = ['SessionStartSource', 'SessionEndReason', 'PreCompressTrigger', 'NotificationType'];

function fail(message) {
  process.stderr.write(`gemini-facts: ${message}\n`);
  process.exit(2);
}

const sorted = (values) => [...new Set(values)].sort();
const all = (text, regex) => [...text.matchAll(regex)].map((match) => match[1]);

/** The text between the brace that opens at or after `from` and its match (strings and comments skipped). */
function braced(text, from) {
  const open = text.indexOf('{', from);
  if (open < 0) fail(`no block after offset ${from}`);
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i) + 1;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  fail('unterminated block');
}

/** A compiled TypeScript enum's values: `(function (Name) { Name["Key"] = "value"; … })`. */
function enumValues(js, name) {
  const at = js.indexOf(`(function (${name})`);
  if (at < 0) fail(`no enum ${name} in types.js`);
  return all(braced(js, at), new RegExp(`${name}\\["\\w+"\\] = "([^"]+)"`, 'g'));
}

/** An interface's own fields in a .d.ts (top level only), each with whether it is required, and what it extends. */
function interfaceFields(dts, name) {
  const match = new RegExp(`export interface ${name}(?: extends (\\w+))? \\{`).exec(dts);
  if (match === null) return null;
  const body = braced(dts, match.index);
  const fields = {};
  let depth = 0;
  for (const line of body.split('\n')) {
    const field = depth === 0 ? /^\s*(\w+)(\?)?: (.*?);?$/.exec(line) : null;
    if (field && !/^never\b/.test(field[3])) fields[field[1]] = { required: field[2] === undefined };
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
  }
  return { fields, extends: match[1] ?? null };
}

/** An interface's fields with those of what it extends, as `{properties, required}`. */
function flatInterface(dts, name) {
  const own = interfaceFields(dts, name);
  if (own === null) return null;
  const base =
    own.extends === null ? { properties: [], required: [] } : (flatInterface(dts, own.extends) ?? { properties: [], required: [] });
  const names = Object.keys(own.fields);
  return {
    properties: sorted([...base.properties, ...names]),
    required: sorted([...base.required, ...names.filter((field) => own.fields[field].required)]),
  };
}

/** A method's body in a compiled class: `name(args) {…}`. */
function methodBody(js, name) {
  const at = new RegExp(`\\n\\s+${name}\\([^)]*\\) \\{`).exec(js);
  if (at === null) fail(`no method ${name}`);
  return braced(js, at.index);
}

/** A compiled class's body: `class Name …{…}`. */
function classBody(js, name) {
  const at = new RegExp(`class ${name}\\b[^{]*\\{`).exec(js);
  if (at === null) fail(`no class ${name}`);
  return { body: braced(js, at.index), parent: /extends (\w+)/.exec(at[0])?.[1] ?? null };
}

/** The `case X.Event: … return this.method(…)` / `new Class(…)` choices of a switch, by event. */
function switchChoices(body, pick) {
  const out = {};
  let pending = [];
  for (const line of body.split('\n')) {
    const event = /case (?:HookEventName\.)?['"]?(\w+)['"]?:/.exec(line);
    if (event) pending.push(event[1]);
    const chosen = pick.exec(line);
    if (chosen && pending.length > 0) {
      for (const name of pending) out[name] = chosen[1];
      pending = [];
    }
    if (/default:/.test(line)) pending = ['*'];
    if (chosen && pending.length > 0 && pending[0] === '*') out['*'] = chosen[1];
  }
  if (pending[0] === '*') {
    const rest = pick.exec(body.slice(body.lastIndexOf('default:')));
    if (rest) out['*'] = rest[1];
  }
  return out;
}

/** The `hookSpecificOutput` keys a piece of compiled code reads by name. */
function specificReads(code) {
  return sorted([
    ...all(code, /hookSpecificOutput(?:\?\.)?\[['"](\w+)['"]\]/g),
    ...all(code, /hookSpecificOutput\?\.(\w+)/g),
    ...all(code, /['"](\w+)['"] in (?:this\.hookSpecificOutput|specific)\b/g),
    ...all(code, /specific\[['"](\w+)['"]\]/g),
    ...all(code, /\{ (\w+): _\w+, \.\.\.\w+ \} = output\.hookSpecificOutput/g),
  ]);
}

/** What an output class and its parents read: top-level fields it keeps, hookSpecificOutput keys. */
function classReads(types, name) {
  const { body, parent } = classBody(types, name);
  const inherited = parent === null ? { fields: [], specific: [] } : classReads(types, parent);
  return {
    fields: sorted([...inherited.fields, ...all(body, /this\.(\w+) = data\.\1/g)]),
    specific: sorted([...inherited.specific, ...specificReads(body)]),
  };
}

/** What a merge strategy of the aggregator reads, following the helpers it calls. */
function mergeReads(aggregator, method) {
  const body = methodBody(aggregator, method);
  const helpers = all(body, /this\.(\w+)\(/g).filter((helper) => helper !== method);
  const code = [body, ...helpers.map((helper) => methodBody(aggregator, helper))].join('\n');
  return {
    // `...output` keeps every top-level field; otherwise only those read by name.
    fields: /\.\.\.output\b(?!\.)/.test(code)
      ? null
      : sorted(all(code, /output\.(\w+)/g).filter((field) => field !== 'hookSpecificOutput')),
    specific: specificReads(code),
    specificPassesThrough: /\.\.\.(?:output\.hookSpecificOutput|restSpecificOutput)\b/.test(code) || /\.\.\.output\b(?!\.)/.test(code),
    toolConfig: sorted(all(code, /toolConfig\.(\w+)/g)),
    toolConfigModes: sorted(all(code, /toolConfig\.mode === '(\w+)'/g)),
  };
}

function derive(core) {
  const dir = join(core, 'dist', 'src', 'hooks');
  const read = (file) => readFileSync(join(dir, file), 'utf8');
  const [types, dts, aggregator, registry, runner] = [
    'types.js',
    'types.d.ts',
    'hookAggregator.js',
    'hookRegistry.js',
    'hookRunner.js',
  ].map(read);
  const version = JSON.parse(readFileSync(join(core, 'package.json'), 'utf8')).version;
  const events = enumValues(types, 'HookEventName');
  const validate = methodBody(registry, 'validateHookConfig');
  const handlerTypes = JSON.parse(
    (/\[('command'[^\]]*)\]\.includes\(config\.type\)/.exec(validate)?.[1] ?? fail('no hook types'))
      .replaceAll("'", '"')
      .replace(/^/, '[')
      .replace(/$/, ']'),
  );
  const required = Object.fromEntries(
    handlerTypes.map((type) => [type, all(validate, new RegExp(`config\\.type === '${type}' && !config\\.(\\w+)`, 'g'))]),
  );
  const strategies = switchChoices(methodBody(aggregator, 'mergeOutputs'), /return this\.(\w+)\(/);
  const classes = switchChoices(methodBody(aggregator, 'createSpecificHookOutput'), /return new (\w+)\(/);
  const inputs = {};
  const outputs = {};
  for (const event of events) {
    inputs[event] = flatInterface(dts, `${event}Input`) ?? fail(`no ${event}Input interface`);
    const strategy = strategies[event] ?? strategies['*'];
    const outputClass = classes[event] ?? classes['*'];
    const merged = mergeReads(aggregator, strategy);
    const built = classReads(types, outputClass);
    // The merged output reaches the class: a field the merge drops is never read, one it keeps is read as the class reads it.
    const fields =
      merged.fields === null
        ? built.fields
        : built.fields.filter((field) => field === 'hookSpecificOutput' || merged.fields.includes(field));
    outputs[event] = {
      merge: strategy,
      outputClass,
      fields: sorted(fields),
      hookSpecificOutput: sorted([...merged.specific, ...(merged.specificPassesThrough ? built.specific : [])]),
      ...(merged.toolConfig.length > 0 ? { toolConfig: merged.toolConfig, toolConfigModes: merged.toolConfigModes } : {}),
    };
  }
  const decisions = /export type HookDecision = ([^;]+);/.exec(dts)?.[1] ?? fail('no HookDecision type');
  return {
    $comment: 'Derived from the pinned @google/gemini-cli-core by scripts/gemini-facts.mjs; checked by its test. Do not edit.',
    agent: '@google/gemini-cli-core',
    version,
    events,
    hooksConfigFields: JSON.parse(
      (/HOOKS_CONFIG_FIELDS = (\[[^\]]*\])/.exec(types)?.[1] ?? fail('no HOOKS_CONFIG_FIELDS')).replaceAll("'", '"'),
    ),
    handlerTypes,
    handlerRequires: required,
    commandHookKeys: Object.keys(interfaceFields(dts, 'CommandHookConfig')?.fields ?? fail('no CommandHookConfig')).sort(),
    definitionKeys: Object.keys(interfaceFields(dts, 'HookDefinition')?.fields ?? fail('no HookDefinition')).sort(),
    defaultTimeoutMs: Number(/const DEFAULT_HOOK_TIMEOUT = (\d+);/.exec(runner)?.[1] ?? fail('no DEFAULT_HOOK_TIMEOUT')),
    values: {
      ...Object.fromEntries(PAYLOAD_ENUMS.map((name) => [name, enumValues(types, name)])),
      HookDecision: sorted(all(decisions, /'(\w+)'/g)),
    },
    inputs,
    outputs,
  };
}

function main() {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const core = option('--core') ?? join(ROOT, 'node_modules', '@google', 'gemini-cli-core');
  if (!existsSync(join(core, 'package.json'))) fail(`no @google/gemini-cli-core at ${core}: run npm ci`);
  const facts = derive(core);
  const text = `${JSON.stringify(facts, null, 2)}\n`;
  const out = option('--out') ?? OUT;
  if (args.includes('--check')) {
    if ((existsSync(out) ? readFileSync(out, 'utf8') : '') !== text) {
      process.stderr.write(`gemini-facts: ${out} is not what gemini-cli-core ${facts.version} says; run node scripts/gemini-facts.mjs\n`);
      return 1;
    }
    process.stdout.write(`gemini-facts: ${out} matches gemini-cli-core ${facts.version}\n`);
    return 0;
  }
  writeFileSync(out, text);
  process.stdout.write(`gemini-facts: wrote ${out} (gemini-cli-core ${facts.version}, ${facts.events.length} events)\n`);
  return 0;
}

process.exit(main());
