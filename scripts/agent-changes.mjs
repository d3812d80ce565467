#!/usr/bin/env node
// `node scripts/agent-changes.mjs <claude|codex|gemini> <before.json> <after.json>`
//
// The change report of one agent between two of its derived facts files (test/contracts/
// claude-agent-facts.json, test/dialects/codex-agent-facts.json, test/dialects/gemini-agent-facts.json,
// or the same scripts' output for another release): every event, key, closed value, payload field and
// output field that was added, removed or changed, each with the parity test that now fails until
// hookctl follows. `npm run agents:bump` prints one per agent; this file only compares, it reads no
// network and runs no agent, so the report is tested on committed facts (test/contracts/agent-changes.test.ts).

/** What each agent's facts say, as `{kind, subject, value}` facts; kind names the test that holds hookctl to it. */
const AGENTS = {
  claude: {
    name: 'Claude Code',
    facts: claudeFacts,
    tests: {
      event: 'test/contracts/claude-agent-facts.test.ts › hookctl knows every event of either binary, and no other',
      key: 'test/contracts/claude-agent-facts.test.ts › each handler type takes exactly the keys of the binary settings schema',
      version: 'test/contracts/claude-agent-facts.test.ts › were read from the pinned versions',
    },
  },
  codex: {
    name: 'OpenAI Codex',
    facts: codexFacts,
    tests: {
      event: 'test/dialects/codex-agent-facts.test.ts › every event, both ways',
      setting:
        "test/dialects/codex-agent-facts.test.ts › each event's trust key, matcher, timeouts, context limit, input and output fields",
      value: "test/dialects/codex-agent-facts.test.ts › each event's trust key, matcher, timeouts, context limit, input and output fields",
      payload:
        "test/dialects/codex-agent-facts.test.ts › each event's trust key, matcher, timeouts, context limit, input and output fields",
      output: "test/dialects/codex-agent-facts.test.ts › each event's trust key, matcher, timeouts, context limit, input and output fields",
      order: "test/dialects/codex-agent-facts.test.ts › hookctl's listing order is Codex's",
      version: 'test/dialects/codex-agent-facts.test.ts › the facts are the pinned Codex version',
    },
  },
  gemini: {
    name: 'Gemini CLI',
    facts: geminiFacts,
    tests: Object.fromEntries(
      ['event', 'key', 'setting', 'value', 'payload', 'output'].map((kind) => [
        kind,
        'test/dialects/gemini-agent-facts.test.ts › every event, hook key, value, input and output field, or a reason on the allow-list',
      ]),
    ),
  },
};
AGENTS.gemini.tests.version = 'test/dialects/gemini-agent-facts.test.ts › the facts are the pinned gemini-cli-core';

const KIND_TITLES = {
  event: 'events',
  key: 'config keys',
  setting: 'settings and defaults',
  value: 'enum values',
  payload: 'payload fields',
  output: 'output fields',
  'tool-input': 'tool inputs',
  order: 'order',
};

function* claudeFacts(facts) {
  for (const binary of ['claudeCode', 'agentSdk']) {
    const read = facts[binary];
    if (read === undefined) continue;
    const where = binary === 'claudeCode' ? '' : ' (Agent SDK binary)';
    for (const event of read.events) yield { kind: 'event', subject: `${event}${where}`, value: true };
    for (const [type, { keys }] of Object.entries(read.handlerKeys)) {
      for (const key of keys) yield { kind: 'key', subject: `${type} handler key ${key}${where}`, value: true };
    }
  }
}

function* codexFacts(facts) {
  for (const [event, read] of Object.entries(facts.events)) {
    yield { kind: 'event', subject: event, value: true };
    yield { kind: 'setting', subject: `${event} trust key`, value: read.key };
    yield { kind: 'setting', subject: `${event} matcher`, value: read.matcher ? 'kept' : 'dropped' };
    yield { kind: 'setting', subject: `${event} default timeout (s)`, value: read.defaultTimeoutSec };
    yield { kind: 'setting', subject: `${event} largest timeout (s)`, value: read.maxTimeoutSec ?? 'none' };
    yield { kind: 'setting', subject: `${event} additionalContextLimit`, value: read.additionalContextLimit ? 'taken' : 'dropped' };
    yield* fields('payload', `${event} input`, read.input?.properties ?? [], read.input?.required ?? []);
    for (const [field, values] of Object.entries(read.input?.values ?? {})) {
      for (const value of values) yield { kind: 'value', subject: `${event} input ${field} = ${value}`, value: true };
    }
    for (const field of read.output?.properties ?? []) yield { kind: 'output', subject: `${event} output ${field}`, value: true };
    for (const field of read.output?.hookSpecificOutput ?? []) {
      yield { kind: 'output', subject: `${event} output hookSpecificOutput.${field}`, value: true };
    }
  }
  yield { kind: 'order', subject: 'hooks/list order', value: (facts.listingOrder ?? []).join(', ') };
}

function* geminiFacts(facts) {
  for (const event of facts.events) yield { kind: 'event', subject: event, value: true };
  for (const key of facts.commandHookKeys) yield { kind: 'key', subject: `hook key ${key}`, value: true };
  for (const key of facts.definitionKeys) yield { kind: 'key', subject: `hook definition key ${key}`, value: true };
  for (const key of facts.hooksConfigFields) yield { kind: 'key', subject: `hooksConfig key ${key}`, value: true };
  for (const type of facts.handlerTypes) {
    yield { kind: 'value', subject: `hook type ${type}`, value: true };
    yield { kind: 'setting', subject: `hook type ${type} requires`, value: (facts.handlerRequires[type] ?? []).join(', ') || 'nothing' };
  }
  yield { kind: 'setting', subject: 'default timeout (ms)', value: facts.defaultTimeoutMs };
  for (const [name, values] of Object.entries(facts.values)) {
    for (const value of values) yield { kind: 'value', subject: `${name} = ${value}`, value: true };
  }
  for (const [event, input] of Object.entries(facts.inputs)) yield* fields('payload', `${event} input`, input.properties, input.required);
  for (const [event, output] of Object.entries(facts.outputs)) {
    yield { kind: 'setting', subject: `${event} merge`, value: `${output.merge} into ${output.outputClass}` };
    for (const field of output.fields) yield { kind: 'output', subject: `${event} output ${field}`, value: true };
    for (const field of output.hookSpecificOutput)
      yield { kind: 'output', subject: `${event} output hookSpecificOutput.${field}`, value: true };
    for (const field of output.toolConfig ?? []) yield { kind: 'output', subject: `${event} output toolConfig.${field}`, value: true };
    for (const mode of output.toolConfigModes ?? []) yield { kind: 'value', subject: `${event} toolConfig.mode = ${mode}`, value: true };
  }
}

function* fields(kind, where, properties, required) {
  for (const field of properties) {
    yield { kind, subject: `${where} ${field}`, value: true };
    yield { kind: 'setting', subject: `${where} ${field} required`, value: required.includes(field) ? 'yes' : 'no' };
  }
}

/**
 * Every difference between two facts files of one agent: `{kind, change: added|removed|changed,
 * subject, from?, to?, test}`, events first, each in the order the newer file names them.
 */
export function compareFacts(agent, before, after) {
  const spec = AGENTS[agent];
  if (spec === undefined) throw new Error(`unknown agent ${agent}: one of ${Object.keys(AGENTS).join(', ')}`);
  const index = (facts) => new Map([...spec.facts(facts)].map((fact) => [`${fact.kind}\0${fact.subject}`, fact]));
  const [old, now] = [index(before), index(after)];
  const changes = [];
  const test = (kind) => spec.tests[kind] ?? spec.tests.event;
  for (const [id, fact] of now) {
    const was = old.get(id);
    if (was === undefined) {
      // A new field's "required" line only repeats the field's own addition.
      if (fact.kind === 'setting' && fact.subject.endsWith(' required') && !old.has(`payload\0${fact.subject.slice(0, -9)}`)) continue;
      // A new event's or field's settings are part of its addition: `+ Interrupt default timeout (s): 1`.
      const subject = fact.value === true ? fact.subject : `${fact.subject}: ${fact.value}`;
      changes.push({ kind: fact.kind, change: 'added', subject, to: fact.value, test: test(fact.kind) });
    } else if (was.value !== fact.value) {
      changes.push({ kind: fact.kind, change: 'changed', subject: fact.subject, from: was.value, to: fact.value, test: test(fact.kind) });
    }
  }
  for (const [id, fact] of old) {
    if (now.has(id)) continue;
    if (fact.kind === 'setting') {
      // The setting of an event or field that went away goes with it.
      const owner = [...old.values()].find((other) => other.kind !== 'setting' && fact.subject.startsWith(`${other.subject} `));
      if (owner !== undefined && !now.has(`${owner.kind}\0${owner.subject}`)) continue;
    }
    const subject = fact.value === true ? fact.subject : `${fact.subject}: ${fact.value}`;
    changes.push({ kind: fact.kind, change: 'removed', subject, from: fact.value, test: test(fact.kind) });
  }
  const order = Object.keys(KIND_TITLES);
  return changes.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/** The features an agent release added: what the "since" table (src/dialects/agent-versions.ts) should date. */
export function sinceCandidates(changes) {
  return changes
    .filter((change) => change.change === 'added' && (change.kind === 'event' || change.kind === 'key'))
    .map((change) => change.subject);
}

/** The report a person reads: one heading, then each kind of change with the test that fails until hookctl follows. */
export function formatChangeReport(agent, before, after) {
  const spec = AGENTS[agent];
  const changes = compareFacts(agent, before, after);
  const [from, to] = [before, after].map((facts) => facts.version ?? facts.claudeCode?.version);
  if (changes.length === 0 && from === to) return `${spec.name} ${to}: unchanged\n`;
  const lines = [`${spec.name} ${from} -> ${to}`];
  if (changes.length === 0) {
    lines.push('  no hook fact changed (events, keys, enum values, payload and output fields are the same)');
    return `${lines.join('\n')}\n`;
  }
  for (const kind of Object.keys(KIND_TITLES)) {
    const ofKind = changes.filter((change) => change.kind === kind);
    if (ofKind.length === 0) continue;
    lines.push(`  ${KIND_TITLES[kind]}:`);
    for (const change of ofKind) {
      const detail =
        change.change === 'changed'
          ? `${change.subject}: ${change.from} -> ${change.to}`
          : `${change.change === 'added' ? '+' : '-'} ${change.subject}`;
      lines.push(`    ${detail}`);
    }
    lines.push(`    fails: ${test(spec, kind)}`);
  }
  const dated = sinceCandidates(changes);
  if (dated.length > 0) lines.push(`  since ${after.version ?? after.claudeCode?.version}: ${dated.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

const test = (spec, kind) => spec.tests[kind] ?? spec.tests.event;

/** The agents whose facts this file compares, with the name a report gives them. */
export const AGENT_NAMES = Object.fromEntries(Object.entries(AGENTS).map(([id, spec]) => [id, spec.name]));

/** Every `file › title` a report can name: a test renamed or removed fails test/contracts/agent-changes.test.ts. */
export function namedTests() {
  return [...new Set(Object.values(AGENTS).flatMap((spec) => Object.values(spec.tests)))].sort();
}

/**
 * src/dialects/shared/agent-versions.ts with each package's `version` set to `versions[package]` and
 * each `since[package]` entry (`{'event:X': '1.2.3'}`) added to that package's `since` table where it
 * is not there yet. The file's own format (one `package: '…'` line per agent, its `version` and
 * `since` after it) is what this edits; anything else is an error, never a guess.
 */
export function updateProvenTable(source, versions, since = {}) {
  let text = source;
  for (const name of new Set([...Object.keys(versions), ...Object.keys(since)])) {
    const start = text.indexOf(`package: '${name}',`);
    if (start < 0) throw new Error(`agent-versions.ts has no agent with package ${name}`);
    const end = text.indexOf('\n  },', start);
    let block = text.slice(start, end);
    if (versions[name] !== undefined) {
      if (!/version: '[^']*',/.test(block)) throw new Error(`agent-versions.ts: no version line for ${name}`);
      block = block.replace(/version: '[^']*',/, `version: '${versions[name]}',`);
    }
    const entries = Object.entries(since[name] ?? {}).filter(([feature]) => !block.includes(`'${feature}':`));
    if (entries.length > 0) {
      const lines = entries.map(([feature, version]) => `      '${feature}': '${version}',`).join('\n');
      if (/since: \{\},/.test(block)) block = block.replace(/since: \{\},/, `since: {\n${lines}\n    },`);
      else if (block.includes('since: {')) block = block.replace(/(since: \{[\s\S]*?)(\n {4}\},)/, `$1\n${lines}$2`);
      else throw new Error(`agent-versions.ts: no since table for ${name}`);
    }
    text = text.slice(0, start) + block + text.slice(end);
  }
  return text;
}

/**
 * docs/conformance.md with the release of each package in `versions` written into its table of proven
 * releases (the rows after the `<!-- proven-agents:` marker, `| id | agent | \`package\` | version |`).
 */
export function updateDocsTable(markdown, versions) {
  const start = markdown.indexOf('<!-- proven-agents:');
  if (start < 0) throw new Error('docs/conformance.md has no proven-agents table');
  const end = markdown.indexOf('\n\n', start);
  const table = markdown
    .slice(start, end)
    .replace(/^(\| \w+ \| [^|]+ \| `([^`]+)` \| )[\d.]+( \|)$/gm, (row, head, name, tail) =>
      versions[name] === undefined ? row : `${head}${versions[name]}${tail}`,
    );
  return markdown.slice(0, start) + table + markdown.slice(end);
}

/** The `since` entries a report's additions call for: `event:<Name>` for an event, `key:<key>` for a handler key. */
export function sinceEntries(changes, version) {
  const entries = {};
  for (const change of changes) {
    if (change.change !== 'added') continue;
    if (change.kind === 'event' && !change.subject.includes(' ')) entries[`event:${change.subject}`] = version;
    const key = /(?:^\w+ handler key|^hook key) (\w+)$/.exec(change.subject);
    if (change.kind === 'key' && key) entries[`key:${key[1]}`] = version;
  }
  return entries;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { readFileSync } = await import('node:fs');
  const [agent, beforePath, afterPath] = process.argv.slice(2);
  if (afterPath === undefined || AGENTS[agent] === undefined) {
    process.stderr.write('usage: node scripts/agent-changes.mjs <claude|codex|gemini> <before.json> <after.json>\n');
    process.exit(2);
  }
  const read = (path) => JSON.parse(readFileSync(path, 'utf8'));
  process.stdout.write(formatChangeReport(agent, read(beforePath), read(afterPath)));
}
