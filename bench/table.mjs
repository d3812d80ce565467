// Prints benchmark rows `{ name, measured, floor?, target, ratio, pass? }` as one aligned table (a row
// without `pass` is a reference figure, not a target). A row
// that compares against a floor (`node -e 0`, a bare spawn, the same project without the load)
// carries it in `floor`, measured in the same run, side by side.
export function tableLines(rows) {
  const cells = rows.map((row) => [
    row.name,
    row.measured,
    row.floor ?? '',
    row.target,
    row.ratio == null ? '' : `${row.ratio.toFixed(2)}×`,
    row.pass === undefined ? '' : row.pass ? 'ok' : 'MISS',
  ]);
  const header = ['benchmark', 'measured', 'floor (same run)', 'target', 'ratio', 'result'];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => String(cell[i]).length)));
  const line = (values) => `| ${values.map((value, i) => String(value).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.map(line)];
}

export function printTable(rows) {
  for (const line of tableLines(rows)) console.log(line);
}
