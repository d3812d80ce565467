import type { HookExample } from '../kit/index.js';
import type { Language, ScaffoldModel } from './model.js';

/** The marker lines around each commented-out example, so a person (or a test) can find and uncomment one. */
const exampleStart = (comment: string, example: HookExample) => `${comment} --- example: ${example.id} (${example.title}) ---`;
export const exampleEnd = (comment: string) => `${comment} --- end example ---`;

/** Renders a language's template for the model: shared header and examples, plus the language's values. */
export function renderScaffold(language: Language, model: ScaffoldModel, template: string): string {
  return fillTemplate(template, {
    dialect: model.dialect,
    event: model.event,
    inputType: model.inputType,
    header: headerComment(language, model),
    examples: examplesSection(language, model),
    ...language.values(model),
  });
}

function headerComment(language: Language, model: ScaffoldModel): string {
  const c = language.comment;
  const lines = [
    `${model.event} hook for ${model.dialect}, scaffolded by \`hookctl scaffold\`.`,
    `Fires: ${model.summary}.`,
    `Config command (${model.commandNote}): ${model.command}`,
    '',
    model.silentEffect === null
      ? 'As written it is a no-op: it reads and parses the payload and exits 0 with no output.'
      : `As written it reads and parses the payload and exits 0 with no output. ${model.silentEffect}`,
    model.examples.length > 0
      ? `To act, uncomment ONE example below (remove the leading "${c} " of its lines); each is the exact wire form ${model.dialect} reads.`
      : `${model.dialect} discards what a ${model.event} hook prints: it acts only through side effects (logs, notifications).`,
  ];
  return lines.map((line) => (line === '' ? c : `${c} ${line}`)).join('\n');
}

function examplesSection(language: Language, model: ScaffoldModel): string {
  const c = language.comment;
  if (model.examples.length === 0) return `${c} No examples: stdout and the exit code have no effect for this event.`;
  return model.examples
    .map((example) =>
      [
        exampleStart(c, example),
        ...language
          .exampleCode(example, model)
          .flatMap((code) => code.split('\n'))
          .map((line) => (line === '' ? c : `${c} ${line}`)),
        exampleEnd(c),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * Replaces `{{name}}` placeholders. A placeholder alone on its line is replaced by a block whose
 * every line gets that line's indentation; an unknown placeholder is an error, not an empty string.
 */
function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const value = (name: string) => {
    const found = values[name];
    if (found === undefined) throw new Error(`template placeholder {{${name}}} has no value`);
    return found;
  };
  return template
    .replace(/^([ \t]*)\{\{(\w+)\}\}$/gm, (_m, indent: string, name: string) =>
      value(name)
        .split('\n')
        .map((line) => (line === '' ? '' : indent + line))
        .join('\n'),
    )
    .replace(/\{\{(\w+)\}\}/g, (_m, name: string) => value(name));
}

/** A JSON value as a source literal: `js` (also TypeScript) or `py`, objects spread over lines. */
export function sourceLiteral(value: unknown, language: 'js' | 'py', indent = ''): string {
  if (value === null) return language === 'py' ? 'None' : 'null';
  if (typeof value === 'boolean') return language === 'py' ? (value ? 'True' : 'False') : String(value);
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => sourceLiteral(item, language, indent)).join(', ')}]`;
  const inner = `${indent}    `.slice(0, indent.length + (language === 'py' ? 4 : 2));
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => {
    const name = language === 'js' && /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
    return `${inner}${name}: ${sourceLiteral(item, language, inner)},`;
  });
  return entries.length === 0 ? '{}' : `{\n${entries.join('\n')}\n${indent}}`;
}
