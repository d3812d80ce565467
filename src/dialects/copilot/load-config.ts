import { dirname } from 'node:path';
import { scalarField, setField } from '../../config/field-value.js';
import type { ExtendHandler } from '../../config/normalize-handlers.js';
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
  extend: () => copilotHandler,
});

/**
 * A record as Copilot CLI runs it: `bash` run by `bash -c`, `timeoutSec` in seconds, the entry's
 * `env` added and COPILOT_HOOK_DIR set to its file's directory. An entry's `cwd` is not modelled:
 * hookctl runs it in the session directory.
 */
const copilotHandler: ExtendHandler = (record, origin) => {
  const command = scalarField(origin.handler.node, 'bash', 'string');
  if (command === undefined || command === '') return null;
  const seconds = scalarField(origin.handler.node, 'timeoutSec', 'number');
  const env: Record<string, string> = {};
  const written = setField(origin.handler.node, 'env')?.value;
  if (written?.kind === 'object')
    for (const entry of written.entries)
      if (entry.value.kind === 'scalar' && typeof entry.value.value === 'string') env[entry.key] = entry.value.value;
  return {
    ...record,
    command,
    launch: { kind: 'process', argv: ['bash', '-c', command] },
    ...(seconds !== undefined && seconds > 0 ? { timeoutMs: seconds * 1000, timeoutSet: true } : {}),
    env: { ...record.env, ...env, ...(record.file === null ? {} : { COPILOT_HOOK_DIR: dirname(record.file) }) },
  };
};
