import { join } from 'node:path';
import { inferDialectFromPath } from '../../../src/dialects/infer-dialect.js';
import { loadConfigSpec } from '../../../src/dialects/registry.js';
import { runLint } from '../../../src/lint/run-lint.js';
import { makeTempProject } from '../../helpers/temp-project.js';

export interface FixtureFile {
  /** Relative to the sandbox root, e.g. `project/.octo/hooks.yml`. */
  path: string;
  content: string;
  executable?: boolean;
}

/**
 * Writes the files into a fresh sandbox (a HOME and a git project), lints the config files among
 * them (or the paths in `lint`, relative to the sandbox root) through the public runLint, with the
 * dialect inferred from the path as `hookctl lint FILE` does, and returns `[line, column, message]`
 * of every finding of one rule.
 */
export async function findingsOf(
  ruleId: string,
  files: FixtureFile[],
  options: { lint?: string[] } = {},
): Promise<[number, number, string][]> {
  const sandbox = makeTempProject();
  for (const file of files) sandbox.write(file.path, file.content, { executable: file.executable ?? false });
  const configs = (options.lint ?? files.map((file) => file.path).filter((path) => /\.(json|ya?ml|toml)$/.test(path))).map((path) =>
    join(sandbox.root, path),
  );
  const { findings } = await runLint({
    spec: await loadConfigSpec(inferDialectFromPath(configs[0]!) ?? 'openinterpreter'),
    context: { cwd: sandbox.project, home: sandbox.home, env: {} },
    files: configs,
  });
  return findings.filter((finding) => finding.ruleId === ruleId).map((finding) => [finding.line, finding.column, finding.message]);
}

export const OI_JSON = 'project/.openinterpreter/hooks.json';
export const OI_TOML = 'project/.openinterpreter/config.toml';
export const OCTO_YAML = 'project/.octo/hooks.yml';
