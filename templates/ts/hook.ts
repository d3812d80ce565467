{{header}}
import type { {{typeImports}} } from '{{typesModule}}' with { 'resolution-mode': 'import' };

let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (raw += chunk));
process.stdin.on('end', () => {
  const input: {{inputType}} = JSON.parse(raw);
  {{fields}}

  {{examples}}
});
