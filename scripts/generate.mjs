// `npm run generate [-- --check]`: compiles the build-time generator (src/codegen, TypeScript) into
// node_modules/.cache so Node can run it (packages resolve from there), then runs it over schema/.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'node_modules', '.cache', 'hookctl-codegen');
rmSync(outDir, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'src/codegen/tsconfig.json'), '--outDir', outDir],
  { stdio: 'inherit' },
);
const { runGenerator } = await import(pathToFileURL(join(outDir, 'src/codegen/generate.js')).href);
process.exitCode = await runGenerator(root, process.argv.slice(2));
