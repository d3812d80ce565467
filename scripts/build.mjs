// Compiles src/ and generated/*.ts to dist/ and copies the generated standalone validators beside
// them (they are JavaScript with hand-off typings, so tsc does not emit them). The output is built
// in a fresh folder and swapped in by rename, so a CLI run during a rebuild never sees half a dist/.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const next = `dist.next-${process.pid}`;
const old = `dist.old-${process.pid}`;
rmSync(next, { recursive: true, force: true });
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', next], { stdio: 'inherit' });
  for (const dialect of readdirSync('generated')) {
    for (const file of readdirSync(join('generated', dialect))) {
      if (file.endsWith('.js') || file.endsWith('.d.ts')) {
        cpSync(join('generated', dialect, file), join(next, 'generated', dialect, file));
      }
    }
  }
  if (existsSync('dist')) renameSync('dist', old);
  renameSync(next, 'dist');
} finally {
  rmSync(next, { recursive: true, force: true });
  rmSync(old, { recursive: true, force: true });
}
