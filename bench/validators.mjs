// Validator throughput (issue 7): precompiled standalone validators vs compiling the same schema
// with ajv at start-up, which is what the runtime avoids.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Ajv } from 'ajv';

const { validateInput } = await import(new URL('../dist/src/dialects/openinterpreter/public.js', import.meta.url).href);
const schema = JSON.parse(readFileSync(new URL('../schema/openinterpreter/events/pre-tool-use.input.json', import.meta.url), 'utf8'));
const payload = {
  session_id: 'bench', turn_id: 't1', cwd: '/tmp', transcript_path: null, hook_event_name: 'PreToolUse',
  model: 'm', permission_mode: 'default', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'u1',
};

function callsPerSecond(fn, durationMs = 300) {
  let calls = 0;
  const end = performance.now() + durationMs;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) fn();
    calls += 1000;
  }
  return calls / (durationMs / 1000);
}

export async function benchValidators() {
  if (!validateInput('PreToolUse', payload).ok) throw new Error('bench payload is not valid');
  const precompiled = callsPerSecond(() => validateInput('PreToolUse', payload));
  const compileStart = performance.now();
  const compiled = new Ajv({ strict: false, allErrors: false }).compile(schema);
  const compileMs = performance.now() - compileStart;
  const rows = [
    { name: 'validator: precompiled PreToolUse input, calls/s', measured: `${(precompiled / 1e6).toFixed(2)} M/s`, target: '≥ 1 M/s', ratio: null, pass: precompiled >= 1e6 },
    { name: 'validator: ajv compile at start-up (what we avoid)', measured: `${compileMs.toFixed(1)} ms once`, target: '0 ms at runtime', ratio: null, pass: true },
  ];
  const runtime = callsPerSecond(() => compiled(payload));
  rows.push({ name: 'validator: runtime-compiled ajv, calls/s', measured: `${(runtime / 1e6).toFixed(2)} M/s`, target: 'report', ratio: precompiled / runtime, pass: true });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.mjs');
  printTable(await benchValidators());
}
