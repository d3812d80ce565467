// Fails when a line of the repository's own code is longer than the formatter's line width (140):
// Biome wraps code, but it never splits a string, a template or a comment, so those are checked here.
// The same files as biome.jsonc: generated code, fixtures, examples and templates are data, not checked.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 140;
const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'src', 'test', 'bench', 'scripts', 'bin', '*.ts', '*.mjs'],
  {
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => /\.(ts|mts|js|mjs)$/.test(file) && !/^(test\/fixtures|generated|examples|templates)\//.test(file));
const long = files.flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => ([...line].length > LIMIT ? [`${file}:${index + 1}: ${[...line].length} columns`] : [])),
);
if (long.length > 0) {
  process.stderr.write(`${long.join('\n')}\n${long.length} line${long.length === 1 ? '' : 's'} over ${LIMIT} columns\n`);
  process.exit(1);
}
