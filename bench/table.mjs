// Prints benchmark rows `{ name, measured, target, ratio, pass }` as one aligned table.
export function printTable(rows) {
  const cells = rows.map((row) => [
    row.name,
    row.measured,
    row.target,
    row.ratio == null ? '' : `${row.ratio.toFixed(2)}×`,
    row.pass ? 'ok' : 'MISS',
  ]);
  const header = ['benchmark', 'measured', 'target', 'ratio', 'result'];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => String(cell[i]).length)));
  const line = (values) => `| ${values.map((value, i) => String(value).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const cell of cells) console.log(line(cell));
}
