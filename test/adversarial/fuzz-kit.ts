import { stringify as yamlStringify } from 'yaml';

/**
 * A small seeded fuzzing kit: a deterministic PRNG, text mutations from valid seeds, and random
 * hook-shaped structure. Everything derives from one seed, so a failure is replayed exactly with
 * HOOKCTL_FUZZ_SEED=<seed> (the failure message prints it).
 */

/** mulberry32: tiny, fast, and good enough to pick mutations. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** The seed of a run: HOOKCTL_FUZZ_SEED when set, else a fixed one so `npm test` is deterministic. */
export function fuzzSeed(): number {
  const fromEnv = process.env.HOOKCTL_FUZZ_SEED;
  return fromEnv === undefined ? 0x5eed_10 : Number(fromEnv);
}

/** Scales every case count (HOOKCTL_FUZZ_SCALE=10 for a long local run). */
export function fuzzScale(): number {
  return Number(process.env.HOOKCTL_FUZZ_SCALE ?? 1);
}

/** Text that matters to one of the three syntaxes, or to hookctl's own rules. */
const TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  ':',
  ',',
  '=',
  '\n',
  '\r\n',
  '\r',
  ' ',
  '  ',
  '\t',
  '#',
  '\\',
  '\\u',
  '\\uD800',
  '\0',
  '\uFEFF',
  '\u202E',
  '\u2028',
  '\x1b[2K',
  '"""',
  "'''",
  '- ',
  '-',
  '&a ',
  '*a',
  '<<: ',
  '!!binary ',
  '!!str ',
  '%YAML 1.2\n',
  '---\n',
  '...\n',
  '? ',
  '| ',
  '> ',
  '0',
  '-0',
  '1e999',
  '0x1F',
  '1_000',
  'inf',
  'nan',
  '9007199254740993',
  '2024-01-01T00:00:00Z',
  'true',
  'false',
  'null',
  '~',
  'yes',
  '"hooks"',
  'hooks',
  'PreToolUse',
  'Stop',
  'SessionStart',
  'matcher',
  'command',
  'timeout',
  'async',
  'type',
  'id',
  'onFailure',
  'statusMessage',
  '"command"',
  '__proto__',
  'constructor',
  'toString',
  '$schema',
  'features',
  'allow_managed_hooks_only',
  '[[hooks.PreToolUse]]\n',
  '[[hooks.PreToolUse.hooks]]\n',
  '[features]\n',
  'hooks = false\n',
  '(?P<x>a)',
  '^(\\w|\\w)*X$',
  '[[:alpha:]]',
  '${PLUGIN_ROOT}',
  './s.sh',
  'x'.repeat(300),
];

/** One random edit of `text`. */
export function mutate(random: Random, text: string): string {
  const at = () => random.int(text.length + 1);
  switch (random.int(8)) {
    case 0: {
      const start = at();
      return text.slice(0, start) + text.slice(start + 1 + random.int(8));
    }
    case 1: {
      const start = at();
      const piece = text.slice(start, start + 1 + random.int(40));
      return text.slice(0, start) + piece + piece + text.slice(start + piece.length);
    }
    case 2:
    case 3: {
      const start = at();
      return text.slice(0, start) + random.pick(TOKENS) + text.slice(start);
    }
    case 4: {
      const start = at();
      return text.slice(0, start) + String.fromCharCode(random.int(0x10000)) + text.slice(start + 1);
    }
    case 5:
      return text.slice(0, at());
    case 6: {
      // Nest the text inside many brackets: the parsers' depth guards.
      const [open, close] = random.pick([
        ['[', ']'],
        ['{"a":', '}'],
        ['- ', ''],
      ]);
      // Brackets are cut short by the depth pre-scans; `- ` runs are not, and cost the YAML parser
      // ~30 µs each, so they stay shallower to keep the run short.
      const depth = random.pick(open === '- ' ? [10, 199, 201, 600] : [10, 199, 201, 1000, 5000]);
      return open!.repeat(depth) + text + close!.repeat(depth);
    }
    default: {
      const a = at();
      const b = at();
      const [start, end] = a < b ? [a, b] : [b, a];
      return text.slice(start, end) + text.slice(0, start) + text.slice(end);
    }
  }
}

export function mutateMany(random: Random, seed: string): string {
  let text = seed;
  for (let i = 0, n = 1 + random.int(4); i < n; i++) text = mutate(random, text);
  return text;
}

const EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'Stop',
  'SessionStart',
  'UserPromptSubmit',
  'PermissionRequest',
  'SubagentStop',
  'PreCompact',
  'PreToolUze',
  '',
];
const HANDLER_KEYS = ['type', 'command', 'timeout', 'async', 'statusMessage', 'id', 'onFailure', 'matcher', 'extra'];

/** A random JSON-ish value, biased towards the types config fields have. */
export function randomValue(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 3 ? 6 : 9);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
      return random.pick([0, -1, 1, 5, 30.0, 30.5, 600, 1e308, 2 ** 31, 2 ** 53 + 1, -0]);
    case 3:
      return random.pick([
        '',
        ' ',
        'command',
        './s.sh',
        '5s',
        '1m30s',
        '-1s',
        'Bash|Edit',
        '(',
        '^Bash$',
        '\u0000',
        '\x1b]0;x\x07',
        'é\u0301',
        '💥',
      ]);
    case 4:
    case 5:
      return random.pick(HANDLER_KEYS);
    case 6:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = 0, n = random.int(5); i < n; i++)
        object[random.pick([...HANDLER_KEYS, ...EVENTS, 'hooks'])] = randomValue(random, depth + 1);
      return object;
    }
  }
}

/** A random hooks document in the dialect's nesting, with random field values. */
export function randomHooksDocument(random: Random, nesting: 'groups' | 'flat'): Record<string, unknown> {
  const hooks: Record<string, unknown> = {};
  for (let e = 0, events = 1 + random.int(3); e < events; e++) {
    const handlers = () =>
      Array.from({ length: 1 + random.int(3) }, () => {
        const handler: Record<string, unknown> = { command: random.chance(0.8) ? 'true' : randomValue(random, 2) };
        if (nesting === 'groups' && random.chance(0.8)) handler.type = 'command';
        for (let f = 0, n = random.int(4); f < n; f++) handler[random.pick(HANDLER_KEYS)] = randomValue(random, 3);
        return random.chance(0.9) ? handler : randomValue(random, 2);
      });
    const list =
      nesting === 'groups'
        ? Array.from({ length: 1 + random.int(2) }, () => ({ matcher: randomValue(random, 3), hooks: handlers() }))
        : handlers();
    hooks[random.pick(EVENTS)] = random.chance(0.9) ? list : randomValue(random, 1);
  }
  const document: Record<string, unknown> = { hooks };
  if (random.chance(0.2)) document[random.pick(['description', '$schema', 'features', 'extra'])] = randomValue(random, 1);
  return document;
}

export function toYaml(value: unknown): string {
  return yamlStringify(value);
}

/** TOML for a hooks document: `[[hooks.<Event>]]` tables, values inline (as hookctl's own users write it). */
export function toToml(document: Record<string, unknown>): string {
  const lines: string[] = [];
  const hooks = document.hooks as Record<string, unknown>;
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) {
      lines.push(`hooks.${tomlKey(event)} = ${tomlValue(groups)}`);
      continue;
    }
    for (const group of groups) {
      lines.push(`[[hooks.${tomlKey(event)}]]`);
      const { hooks: handlers, ...rest } = (group ?? {}) as Record<string, unknown>;
      for (const [key, value] of Object.entries(rest)) if (value !== null) lines.push(`${tomlKey(key)} = ${tomlValue(value)}`);
      for (const handler of Array.isArray(handlers) ? handlers : []) {
        lines.push(`[[hooks.${tomlKey(event)}.hooks]]`);
        if (handler !== null && typeof handler === 'object' && !Array.isArray(handler)) {
          for (const [key, value] of Object.entries(handler)) if (value !== null) lines.push(`${tomlKey(key)} = ${tomlValue(value)}`);
        }
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}

function tomlValue(value: unknown): string {
  if (value === null) return '""';
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(', ')}]`;
  if (typeof value === 'object')
    return `{ ${Object.entries(value as object)
      .map(([key, item]) => `${tomlKey(key)} = ${tomlValue(item)}`)
      .join(', ')} }`;
  if (typeof value === 'number' && !Number.isFinite(value)) return 'inf';
  return JSON.stringify(value);
}

/** Printable form of a failing input for the failure message: escaped, and cut to a readable length. */
export function showInput(text: string): string {
  const shown = JSON.stringify(text);
  return shown.length > 600 ? `${shown.slice(0, 600)}… (${text.length} characters)` : shown;
}
