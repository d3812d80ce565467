import { exampleEnd } from '../../src/scaffold/render.js';

/** Uncomments one marked example block of a scaffolded script, as a person would to enable it. */
export function uncommentExample(script: string, comment: '//' | '#', id: string): string {
  const lines = script.split('\n');
  const start = lines.findIndex((line) => line.trim().startsWith(`${comment} --- example: ${id} (`));
  if (start === -1) throw new Error(`no example "${id}" in the script`);
  const prefix = new RegExp(`^(\\s*)${comment}( |$)`);
  for (let i = start + 1; i < lines.length && !lines[i]!.trim().startsWith(exampleEnd(comment)); i++) {
    lines[i] = lines[i]!.replace(prefix, '$1');
  }
  return lines.join('\n');
}
