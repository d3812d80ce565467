import { parseTOML, type AST } from 'toml-eslint-parser';
import type { ConfigFile } from '../../config/config-file.js';
import { parseToml } from '../../config/parse-toml.js';
import { UsageError } from '../../errors.js';
import { SESSION_LAYER_PATH } from './paths.js';

/**
 * The `--config key=value` session layer (SPEC-dialects 9.1 [choice]: Codex's `-c` flags). Each
 * flag sets one dotted path, split on `.` as Codex splits it; the value is TOML, or the text itself
 * (outer quotes stripped) when it does not parse as TOML (codex-rs/utils/cli/src/config_override.rs).
 * Later flags win, descending into tables set earlier (codex-rs/config/src/overrides.rs). The layer
 * is presented as TOML text at Codex's path for it, `/<session-flags>/config.toml`, so the same
 * rules, positions and hook keys apply as to any config.toml.
 */
export function sessionLayer(overrides: readonly string[]): ConfigFile | null {
  if (overrides.length === 0) return null;
  const root: Table = new Map();
  for (const override of overrides) {
    const { path, value } = parseOverride(override);
    assign(root, path, value);
  }
  const text = [...root].map(([key, value]) => `${tomlKey(key)} = ${serialize(value)}\n`).join('');
  return { parsed: parseToml(text, SESSION_LAYER_PATH), source: 'session', role: 'inline-config', layer: SESSION_LAYER_PATH, plugin: null };
}

/** A parsed value keeps its written text (so `30.0` stays a float); tables are rebuilt as inline tables. */
type Value = { raw: string } | Table;
type Table = Map<string, Value>;

function parseOverride(override: string): { path: string[]; value: Value } {
  const equals = override.indexOf('=');
  if (equals < 0) throw new UsageError(`--config ${override}: expected key=value`);
  const key = override.slice(0, equals).trim();
  if (key === '') throw new UsageError(`--config ${override}: the key is empty`);
  return { path: key.split('.'), value: parseValue(override.slice(equals + 1).trim()) };
}

function parseValue(raw: string): Value {
  const wrapped = `_x_ = ${raw}`;
  try {
    const program = parseTOML(wrapped, { tomlVersion: '1.0' });
    const item = program.body[0].body[0];
    if (item?.type === 'TOMLKeyValue' && program.body[0].body.length === 1) return fromNode(item.value, wrapped);
  } catch {
    // Not TOML: the text itself is the value, as Codex takes it.
  }
  return { raw: JSON.stringify(raw.replace(/^["']+|["']+$/g, '')) };
}

function fromNode(node: AST.TOMLContentNode, text: string): Value {
  if (node.type !== 'TOMLInlineTable') return { raw: text.slice(node.range[0], node.range[1]) };
  const table: Table = new Map();
  for (const keyValue of node.body)
    assign(
      table,
      keyValue.key.keys.map((key) => (key.type === 'TOMLBare' ? key.name : key.value)),
      fromNode(keyValue.value, text),
    );
  return table;
}

/** codex-rs/config/src/overrides.rs apply_toml_override: intermediate tables are created or replaced. */
function assign(root: Table, path: readonly string[], value: Value): void {
  let table = root;
  for (const segment of path.slice(0, -1)) {
    const existing = table.get(segment);
    if (existing instanceof Map) table = existing;
    else {
      const created: Table = new Map();
      table.set(segment, created);
      table = created;
    }
  }
  table.set(path[path.length - 1]!, value);
}

function serialize(value: Value): string {
  if (!(value instanceof Map)) return value.raw;
  return `{ ${[...value].map(([key, item]) => `${tomlKey(key)} = ${serialize(item)}`).join(', ')} }`;
}

function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : JSON.stringify(key);
}
