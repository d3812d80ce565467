import { isAbsolute, relative, sep } from 'node:path';

/**
 * A file path as people and CI tools want it: relative to `baseDir` with forward slashes when it
 * lies inside it, else the absolute path as is. A path that is not absolute (a pseudo-path such as
 * `env:OCTO_HOOK_STOP`) is returned unchanged, and so is `baseDir` itself, which has no useful
 * relative form.
 */
export function displayPath(file: string, baseDir: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(baseDir, file);
  const outside = rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  return outside ? file : rel.split(sep).join('/');
}
