import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { packageRoot } from './package-root.js';
import { requireKnownEvent } from './known-event.js';

export type SchemaKind = 'input' | 'output';

/**
 * `PreToolUse` → `pre-tool-use`, the stem of an event's schema files. A camelCase name keeps its
 * spelling (`preToolUse`): GitHub Copilot CLI has both `preToolUse` and `PreToolUse`, whose kebab
 * stems would be one file. A one-word lowercase name is marked `.camel` (`notification.camel`),
 * since `Notification`'s kebab stem is `notification`, and Copilot CLI fires both.
 */
export function eventFileStem(event: string): string {
  if (/^[a-z][a-z0-9]*$/.test(event)) return `${event}.camel`;
  if (/^[a-z]/.test(event)) return event;
  return event.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The installed `schema/` folder. */
function schemaRoot(): string {
  return join(packageRoot(), 'schema');
}

/** The text of `schema/<dialect>/config.json`, the editor-ready shape of the dialect's hooks file. */
export function readConfigSchema(dialect: string): string {
  return readFileSync(join(schemaRoot(), dialect, 'config.json'), 'utf8');
}

/**
 * The text of an event's input or output schema, exactly as published. An unknown event throws
 * `UnknownEventError` with a suggestion; an event without structured output has no output schema.
 */
export function readEventSchema(dialect: string, event: string, kind: SchemaKind): string {
  requireKnownEvent(dialect, event, schemaEventNames(dialect));
  const path = join(schemaRoot(), dialect, 'events', `${eventFileStem(event)}.${kind}.json`);
  if (!existsSync(path)) {
    throw new UsageError(
      `${dialect} ${event} hooks have no JSON output contract (stdout is not interpreted as JSON), so there is no output schema`,
    );
  }
  return readFileSync(path, 'utf8');
}

/**
 * Event names as the schemas title them (`PreToolUseInput` → `PreToolUse`), so casing is exact; a
 * camelCase event's file is named after the event itself (`preToolUse.input.json`, eventFileStem).
 */
function schemaEventNames(dialect: string): string[] {
  const dir = join(schemaRoot(), dialect, 'events');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.input.json'))
    .map((file) => {
      const stem = file.slice(0, -'.input.json'.length);
      if (/^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/.test(stem)) return stem;
      if (stem.endsWith('.camel')) return stem.slice(0, -'.camel'.length);
      return String((JSON.parse(readFileSync(join(dir, file), 'utf8')) as { title?: unknown }).title).replace(/Input$/, '');
    });
}
