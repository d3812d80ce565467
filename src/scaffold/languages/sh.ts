import type { Language } from '../model.js';

/** A single-quoted POSIX shell word. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** POSIX sh; parses the payload and reads fields with jq when it is installed, a no-op either way. */
export const shell: Language = {
  id: 'sh',
  extension: 'sh',
  comment: '#',
  command: (path) => `sh ${path}`,
  note: 'Runs with POSIX sh. It parses the payload and reads fields with jq when jq is installed; without jq it still runs, as a no-op.',
  exampleCode(example) {
    const lines: string[] = [];
    if (example.stdout) lines.push(`printf '%s\\n' ${shellQuote(JSON.stringify(example.stdout))}`);
    if (example.stdoutText !== undefined) lines.push(`printf '%s\\n' ${shellQuote(example.stdoutText)}`);
    if (example.stderr) lines.push(`echo ${shellQuote(example.stderr)} >&2`);
    lines.push(`exit ${example.exitCode}`);
    return lines;
  },
  values(model) {
    const reads = model.keyFields.map((name) => `${name}=$(printf '%s\\n' "$payload" | jq -r '.${name} // empty')`);
    return {
      fields: [
        '# A malformed payload fails the hook here (exit 1).',
        `printf '%s\\n' "$payload" | jq -e 'type == "object"' >/dev/null || exit 1`,
        ...reads,
      ].join('\n'),
    };
  },
};
