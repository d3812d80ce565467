// Rewrites the bench's blocks in docs/performance.md: one block per group, between
// `<!-- bench:<group> -->` and `<!-- /bench:<group> -->`, each with the machine line of the run that
// measured it. A run of some groups (--only) rewrites only theirs; the others keep their run.
import { readFileSync, writeFileSync } from 'node:fs';
import { tableLines } from './table.mjs';

/** The text with each group's block replaced; throws when a group's markers are missing. */
export function replaceBlocks(text, byGroup, machineLine) {
  let out = text;
  for (const [group, rows] of byGroup) {
    const open = `<!-- bench:${group} -->`;
    const close = `<!-- /bench:${group} -->`;
    const start = out.indexOf(open);
    const end = out.indexOf(close);
    if (start < 0 || end < start) throw new Error(`docs/performance.md has no block for ${group} (${open} … ${close})`);
    const body = [open, `${machineLine}:`, '', '```text', ...tableLines(rows), '```', close].join('\n');
    out = `${out.slice(0, start)}${body}${out.slice(end + close.length)}`;
  }
  return out;
}

export function writeDocs(file, byGroup, machineLine) {
  writeFileSync(file, replaceBlocks(readFileSync(file, 'utf8'), byGroup, machineLine));
}
