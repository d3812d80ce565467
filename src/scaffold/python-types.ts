import { readPackageFile } from './package-files.js';

/**
 * One event's TypedDict definitions, cut from the generated `generated/<dialect>/hook_types.py`
 * (between its `# region <Event>` / `# endregion <Event>` markers) so a Python scaffold can inline
 * them and stay a single self-contained file. Returns the module's import line too.
 */
export function pythonTypesFor(dialect: string, event: string): { imports: string; definitions: string } {
  const module = readPackageFile('generated', dialect, 'hook_types.py');
  const imports = /^from typing import .*$/m.exec(module)?.[0];
  const start = module.indexOf(`# region ${event}\n`);
  const end = module.indexOf(`# endregion ${event}\n`);
  if (!imports || start === -1 || end === -1) {
    throw new Error(`generated/${dialect}/hook_types.py has no region for ${event}; run npm run generate`);
  }
  const definitions = module.slice(module.indexOf('\n', start) + 1, end).trimEnd();
  return { imports: usedImports(imports, definitions), definitions };
}

/**
 * The module's `from typing import …` line cut down to the names this event's definitions use:
 * the generated module imports what any event needs, and an unused import is an error under
 * `pyright --strict` (reportUnusedImport) in the user's project.
 */
function usedImports(line: string, definitions: string): string {
  const names = line
    .replace(/^from typing import /, '')
    .split(',')
    .map((name) => name.trim());
  // Code only: a description may say "Optional." or "Any non-zero exit", a `_XOptional` name is one word.
  const code = definitions.replace(/"""[\s\S]*?"""/g, '').replace(/#.*$/gm, '');
  const used = names.filter((name) => new RegExp(`(?<![\\w.])${name}\\b`).test(code));
  return used.length === 0 ? '' : `from typing import ${used.join(', ')}`;
}
