import type { Language } from '../model.js';
import { PYTHON_LAUNCHER } from './guard-launcher.js';
import { pythonTypesFor } from '../python-types.js';
import { sourceLiteral } from '../render.js';

/** Python 3 (standard library only) with the event's generated TypedDicts inlined. */
export const python: Language = {
  id: 'py',
  extension: 'py',
  comment: '#',
  command: (path) => `python3 ${path}`,
  guardLauncher: PYTHON_LAUNCHER,
  note:
    'Runs with python3 (3.8 or newer), standard library only; ' +
    "the event's TypedDicts are inlined from hookctl's generated hook_types.py.",
  exampleCode(example, model) {
    const lines: string[] = [];
    if (example.stdout) {
      lines.push(`output${model.outputType ? `: ${model.outputType}` : ''} = ${sourceLiteral(example.stdout, 'py')}`);
      lines.push('print(json.dumps(output))');
    }
    if (example.stdoutText !== undefined) lines.push(`print(${JSON.stringify(example.stdoutText)})`);
    if (example.stderr) lines.push(`print(${JSON.stringify(example.stderr)}, file=sys.stderr)`);
    lines.push(`sys.exit(${example.exitCode})`);
    return lines;
  },
  values(model) {
    const types = pythonTypesFor(model.dialect, model.event);
    return {
      imports: types.imports,
      types: types.definitions,
      fields: [
        `# The payload's fields (schema/${model.dialect}/events; ? = optional):`,
        ...model.fields.map((f) => `#   payload["${f.name}"]${f.required ? '' : '?'}: ${f.description}`),
      ].join('\n'),
    };
  },
};
