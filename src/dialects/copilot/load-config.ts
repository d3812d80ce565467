import { dirname, resolve } from 'node:path';
import { scalarField, setField } from '../../config/field-value.js';
import type { ExtendHandler } from '../../config/normalize-handlers.js';
import type { SourceObject } from '../../config/source-tree.js';
import type { LoadContext, LoadedConfig } from '../../kit/index.js';
import { declaredLoader } from '../../load/load-declared.js';
import { configSpec } from './config-spec.js';

/**
 * Loads both hook directories through the core's declared pipeline (config-layers.ts, the spec's
 * policy: an entry Copilot CLI cannot use is skipped and the rest run). In `-p` mode the project's
 * hooks load only with `--trust-folder`, COPILOT_ALLOW_ALL=true or
 * GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true: that is the trust authority's part (trust.ts).
 */
export const loadConfig: (context: LoadContext) => Promise<LoadedConfig> = declaredLoader({
  spec: configSpec,
  extend: (_files, context) => copilotHandler(context.cwd),
});

/**
 * A record as Copilot CLI runs it: `bash` run by `bash -c`, `timeoutSec` in seconds, the entry's
 * `env` added and COPILOT_HOOK_DIR set to its file's directory, and the entry's `cwd` resolved
 * against the project directory as the directory it runs in (an absolute one, or one with `..`,
 * may leave the project; an empty one is the session directory: test/agents/copilot/entry-cwd.test.ts).
 */
function copilotHandler(projectDir: string): ExtendHandler {
  return (record, origin) => {
    const command = scalarField(origin.handler.node, 'bash', 'string');
    if (command === undefined || command === '') return null;
    const seconds = scalarField(origin.handler.node, 'timeoutSec', 'number');
    const cwd = scalarField(origin.handler.node, 'cwd', 'string');
    return {
      ...record,
      command,
      launch: { kind: 'process', argv: ['bash', '-c', command] },
      ...(seconds !== undefined && seconds > 0 ? { timeoutMs: seconds * 1000, timeoutSet: true } : {}),
      ...(cwd === undefined || cwd === '' ? {} : { workingDir: resolve(projectDir, cwd) }),
      env: { ...record.env, ...entryEnv(origin.handler.node), ...(record.file === null ? {} : { COPILOT_HOOK_DIR: dirname(record.file) }) },
    };
  };
}

/** The entry's `env`: its string values (invalid-value reports the others). */
function entryEnv(node: SourceObject): Record<string, string> {
  const env: Record<string, string> = {};
  const written = setField(node, 'env')?.value;
  if (written?.kind === 'object')
    for (const entry of written.entries)
      if (entry.value.kind === 'scalar' && typeof entry.value.value === 'string') env[entry.key] = entry.value.value;
  return env;
}
