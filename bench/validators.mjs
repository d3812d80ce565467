// Validator throughput (issue 7): what the runtime gains by importing precompiled standalone
// validators instead of compiling the schemas with ajv at start-up.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Ajv } from 'ajv';

const VALIDATORS = new URL('../dist/generated/openinterpreter/validators.js', import.meta.url);
const SCHEMAS = new URL('../schema/openinterpreter/events/', import.meta.url);
const { validateInput } = await import(new URL('../dist/src/dialects/openinterpreter/public.js', import.meta.url).href);
const { inputValidators } = await import(VALIDATORS.href);
const payload = {
  session_id: 'bench',
  turn_id: 't1',
  cwd: '/tmp',
  transcript_path: null,
  hook_event_name: 'PreToolUse',
  model: 'm',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command: 'ls' },
  tool_use_id: 'u1',
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

/** Milliseconds a fresh node process spends on `body` (an ES module snippet), median of 5. */
function inFreshProcess(body) {
  const script = `const t = performance.now(); ${body}; console.log(performance.now() - t);`;
  const samples = Array.from({ length: 5 }, () =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('..', import.meta.url)) })),
  );
  return samples.sort((a, b) => a - b)[2];
}

export async function benchValidators() {
  if (!validateInput('PreToolUse', payload).ok) throw new Error('bench payload is not valid');
  const files = readdirSync(SCHEMAS).filter((name) => name.endsWith('.json'));
  const importMs = inFreshProcess(`await import(${JSON.stringify(VALIDATORS.href)})`);
  const compileMs = inFreshProcess(
    `const { Ajv } = await import('ajv'); const { readFileSync } = await import('node:fs'); const ajv = new Ajv({ strict: false });` +
      ` for (const f of ${JSON.stringify(files)})` +
      ` ajv.compile(JSON.parse(readFileSync(new URL(f, ${JSON.stringify(SCHEMAS.href)}), 'utf8')))`,
  );
  const compiled = new Ajv({ strict: false }).compile(JSON.parse(readFileSync(new URL('pre-tool-use.input.json', SCHEMAS), 'utf8')));
  const standalone = inputValidators.PreToolUse;
  const precompiled = callsPerSecond(() => standalone(payload));
  const runtime = callsPerSecond(() => compiled(payload));
  const api = callsPerSecond(() => validateInput('PreToolUse', payload));
  return [
    {
      name: `validators: import ${files.length} precompiled vs import ajv + compile them`,
      measured: `${importMs.toFixed(1)} ms vs ${compileMs.toFixed(1)} ms`,
      target: 'no compile at runtime',
      ratio: importMs / compileMs,
      pass: importMs < compileMs,
    },
    // Both run the same generated code; the ratio is JIT noise, so the target is on the absolute rate.
    {
      name: 'validator: precompiled PreToolUse input vs ajv-compiled, calls/s',
      measured: `${(precompiled / 1e6).toFixed(1)} M/s vs ${(runtime / 1e6).toFixed(1)} M/s`,
      target: '≥ 1 M/s',
      ratio: precompiled / runtime,
      pass: precompiled >= 1e6,
    },
    {
      name: 'validateInput() (lookup + result object), calls/s',
      measured: `${(api / 1e6).toFixed(1)} M/s`,
      target: '≥ 1 M/s',
      ratio: null,
      pass: api >= 1e6,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printTable } = await import('./table.mjs');
  printTable(await benchValidators());
}
