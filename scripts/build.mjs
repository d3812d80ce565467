// Compiles src/ and generated/*.ts to dist/ and copies the generated standalone validators beside
// them (they are JavaScript with hand-off typings, so tsc does not emit them).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

rmSync('dist', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (existsSync('generated')) {
  for (const dialect of readdirSync('generated')) {
    for (const file of readdirSync(join('generated', dialect))) {
      if (file.endsWith('.js') || file.endsWith('.d.ts')) {
        cpSync(join('generated', dialect, file), join('dist', 'generated', dialect, file));
      }
    }
  }
}
