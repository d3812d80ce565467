/**
 * Message templates in the typescript-eslint shape: a rule declares `messages` keyed by message id,
 * each a text with `{{name}}` placeholders, and reports `{ messageId, data }`. One map serves the
 * finding's text, SARIF's `messageStrings` and the docs, so the three cannot drift apart.
 */

/** A rule's message templates, keyed by message id. */
export type MessageMap = Readonly<Record<string, string>>;

/** What a report may fill a placeholder with; numbers are written as `String(n)` does. */
export type MessageValue = string | number;
export type MessageData = Readonly<Record<string, MessageValue>>;

/** The placeholder names of a template: `'a {{x}} b {{y}}'` → `'x' | 'y'`; any name for an unknown (`string`) template. */
export type PlaceholdersOf<Template extends string> = string extends Template
  ? string
  : Template extends `${string}{{${infer Name}}}${infer Rest}`
    ? Name | PlaceholdersOf<Rest>
    : never;

/** `data` as a template needs it: exactly its placeholders, or none at all. */
type DataFor<Template extends string> = string extends Template
  ? { data?: MessageData }
  : [PlaceholdersOf<Template>] extends [never]
    ? { data?: undefined }
    : { data: { readonly [Name in PlaceholdersOf<Template>]: MessageValue } };

/**
 * `{ messageId, data }` for one of a map's messages. With a literal map (see `createRule`) an unknown
 * id, a missing placeholder or (in an object literal) an unused one is a type error; `formatMessage`
 * checks the same at run time for data built elsewhere.
 */
export type MessageDescriptor<Messages extends MessageMap> = {
  [Id in keyof Messages & string]: { messageId: Id } & DataFor<Messages[Id]>;
}[keyof Messages & string];

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Thrown for a rule bug (never for user input): a report that does not fit the rule's messages. */
export class RuleMessageError extends Error {
  override readonly name = 'RuleMessageError';
}

/** A template's placeholder names, each once, in order of first appearance. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/**
 * Rejects templates the placeholder syntax cannot read (`{{ name }}`, `{{name}`, a lone `{{`), so a
 * typo in a template fails when the rule is created rather than showing braces to a user.
 */
export function checkTemplates(ruleId: string, messages: MessageMap): void {
  for (const [messageId, template] of Object.entries(messages)) {
    const leftover = template.replace(PLACEHOLDER, '');
    if (leftover.includes('{{') || leftover.includes('}}')) {
      const problem = `message "${messageId}" has a malformed placeholder (write {{name}}, a word)`;
      throw new RuleMessageError(`rule ${ruleId}: ${problem}: ${template}`);
    }
  }
}

/**
 * The text of a report: the template of `messageId` with every placeholder filled from `data`.
 * Throws RuleMessageError for an unknown id, a placeholder without data, or data no placeholder uses.
 */
export function formatMessage(ruleId: string, messages: MessageMap, messageId: string, data: MessageData | undefined): string {
  if (!Object.hasOwn(messages, messageId)) {
    const known = Object.keys(messages).join(', ');
    throw new RuleMessageError(`rule ${ruleId} reported unknown messageId "${messageId}"; its messages are ${known}`);
  }
  const template = messages[messageId]!;
  const names = placeholdersOf(template);
  const given = Object.keys(data ?? {});
  const missing = names.filter((name) => !given.includes(name));
  const unused = given.filter((name) => !names.includes(name));
  if (missing.length > 0 || unused.length > 0) {
    const parts = [];
    if (missing.length > 0) parts.push(`no data for ${missing.join(', ')}`);
    if (unused.length > 0) parts.push(`unused data ${unused.join(', ')}`);
    throw new RuleMessageError(`rule ${ruleId}, message "${messageId}": ${parts.join('; ')}`);
  }
  return template.replace(PLACEHOLDER, (_match, name: string) => String(data![name]));
}

/** Data as the finding carries it: every value a string, as it appears in the text. */
export function stringifyData(data: MessageData): Record<string, string> {
  return Object.fromEntries(Object.entries(data).map(([name, value]) => [name, String(value)]));
}
