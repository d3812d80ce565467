#!/usr/bin/env node
{{header}}

let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (raw += chunk));
process.stdin.on('end', () => {
  /** @type {{{inputTypeRef}}} */
  const input = JSON.parse(raw);
  {{fields}}

  {{examples}}
});
