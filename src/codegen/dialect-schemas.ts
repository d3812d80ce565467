import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileStem } from '../contracts/schema-files.js';
import { manifestOf, type DialectId } from '../dialects/registry.js';

/** A JSON Schema document as read from `schema/`. */
export type SchemaDocument = Record<string, unknown> & { $id: string; title: string };

export interface SchemaFile {
  /** Path relative to the repository root, e.g. `schema/octo/events/stop.input.json`. */
  path: string;
  schema: SchemaDocument;
}

export interface EventSchemas {
  name: string;
  input: SchemaFile;
  /** Null when the event has no structured stdout (octo Stop, SubagentStop, PreCompact). */
  output: SchemaFile | null;
}

/** Everything the emitters need for one dialect, events in catalogue order (deterministic output). */
export interface DialectSchemas {
  dialect: DialectId;
  events: EventSchemas[];
  config: SchemaFile;
  /** Input schemas of the agent's built-in tools (`schema/<dialect>/tools/*.input.json`), by file name; claude only. */
  tools?: SchemaFile[];
  /** The dialect writes `src/dialects/<dialect>/public-extras.ts`, which its generated `public.ts` re-exports. */
  publicExtras?: boolean;
}

/**
 * Reads a dialect's schemas from `<root>/schema/<dialect>/`. The event catalogue of the dialect's
 * manifest fixes which schema files must exist and their order; an event without an input schema
 * is an error.
 */
export function readDialectSchemas(root: string, dialect: DialectId): DialectSchemas {
  const events = manifestOf(dialect).events.map(({ name }) => {
    const stem = `schema/${dialect}/events/${eventFileStem(name)}`;
    const input = readSchema(root, `${stem}.input.json`);
    if (!input) throw new Error(`missing input schema for ${dialect} ${name}: ${stem}.input.json`);
    return { name, input, output: readSchema(root, `${stem}.output.json`) };
  });
  const config = readSchema(root, `schema/${dialect}/config.json`);
  if (!config) throw new Error(`missing config schema: schema/${dialect}/config.json`);
  const publicExtras = existsSync(join(root, 'src', 'dialects', dialect, 'public-extras.ts'));
  return { dialect, events, config, tools: readToolSchemas(root, dialect), publicExtras };
}

function readToolSchemas(root: string, dialect: DialectId): SchemaFile[] {
  const dir = join(root, 'schema', dialect, 'tools');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.input.json'))
    .sort()
    .map((name) => readSchema(root, `schema/${dialect}/tools/${name}`)!);
}

function readSchema(root: string, path: string): SchemaFile | null {
  const file = join(root, path);
  if (!existsSync(file)) return null;
  const schema = JSON.parse(readFileSync(file, 'utf8')) as SchemaDocument;
  if (typeof schema.$id !== 'string' || typeof schema.title !== 'string') {
    throw new Error(`${path}: every schema needs a string $id and title (the title names the generated type)`);
  }
  return { path, schema };
}
