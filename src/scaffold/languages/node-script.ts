import type { HookExample } from '../../kit/index.js';
import type { ScaffoldModel } from '../model.js';
import { sourceLiteral } from '../render.js';

/**
 * Example code shared by the JavaScript and TypeScript scaffolds; they differ only in how the
 * output object is typed (`declareOutput`). The script sets `process.exitCode` rather than calling
 * `process.exit()`, so stdout is flushed before Node exits even when it is an asynchronous pipe.
 */
export function nodeExampleCode(example: HookExample, declareOutput: (literal: string) => string[]): string[] {
  const lines: string[] = [];
  if (example.stdout) {
    lines.push(...declareOutput(sourceLiteral(example.stdout, 'js')));
    lines.push("process.stdout.write(JSON.stringify(output) + '\\n');");
  }
  if (example.stdoutText !== undefined) lines.push(`process.stdout.write(${JSON.stringify(`${example.stdoutText}\n`)});`);
  if (example.stderr) lines.push(`process.stderr.write(${JSON.stringify(`${example.stderr}\n`)});`);
  if (example.exitCode !== 0) lines.push(`process.exitCode = ${example.exitCode};`);
  return lines;
}

/** Comment lines naming every payload field (`input.<name>`, `?` when optional) with its description. */
export function nodeFieldDocs(model: ScaffoldModel): string {
  return [
    `// The payload's fields (schema/${model.dialect}/events; ? = optional):`,
    ...model.fields.map((f) => `//   input.${f.name}${f.required ? '' : '?'}: ${f.description}`),
  ].join('\n');
}

/** The `hookctl/<dialect>` module the scaffolds take their types from. */
export const typesModule = (model: ScaffoldModel) => `hookctl/${model.dialect}`;
