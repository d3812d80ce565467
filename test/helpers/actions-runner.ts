// Runs the `run:` steps of a composite action or a workflow job locally, the way the GitHub runner
// does for what they use here: `${{ }}` expressions over inputs, github.action_path, runner.temp
// and steps.<id>.outputs; `if:` with ==, !=, &&, || and success()/always()/failure(); a bash step as
// `bash --noprofile --norc -eo pipefail <file>`; outputs read back from $GITHUB_OUTPUT; and after a
// failed step, only steps whose `if:` asks for it still run. `uses:` steps cannot run here: they are
// recorded with their evaluated `with:` so a test can check what they would have been given.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Step {
  id?: string;
  name?: string;
  if?: string | boolean;
  uses?: string;
  with?: Record<string, string | number | boolean>;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  'working-directory'?: string;
}

export interface StepResult {
  step: Step;
  status: 'success' | 'failure' | 'skipped' | 'not-run-here';
  exitCode: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** For `uses:` steps: the evaluated `with:`. */
  with?: Record<string, string>;
}

export interface RunContext {
  inputs: Record<string, string>;
  /** github.action_path (and $GITHUB_ACTION_PATH). */
  actionPath?: string;
  /** The workspace: the default working directory. */
  workspace: string;
  env: Record<string, string>;
}

type Value = string | boolean;

/** Evaluates the subset of the GitHub expression language the steps here use. */
function evaluate(expression: string, lookup: (path: string) => string, status: { failed: boolean }): Value {
  const tokens = expression.match(/'(?:[^']|'')*'|==|!=|&&|\|\||!|\(|\)|[A-Za-z_][\w.-]*(?:\(\))?/g) ?? [];
  let at = 0;
  const primary = (): Value => {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`incomplete expression: ${expression}`);
    if (token === '(') {
      const value = or();
      at++;
      return value;
    }
    if (token === '!') return !truthy(primary());
    if (token.startsWith("'")) return token.slice(1, -1).replace(/''/g, "'");
    if (token === 'true' || token === 'false') return token === 'true';
    if (token === 'success()') return !status.failed;
    if (token === 'failure()') return status.failed;
    if (token === 'always()') return true;
    return lookup(token);
  };
  const comparison = (): Value => {
    const left = primary();
    const op = tokens[at];
    if (op === '==' || op === '!=') {
      at++;
      const right = primary();
      const equal = String(left).toLowerCase() === String(right).toLowerCase();
      return op === '==' ? equal : !equal;
    }
    return left;
  };
  const and = (): Value => {
    let value = comparison();
    while (tokens[at] === '&&') {
      at++;
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): Value => {
    let value = and();
    while (tokens[at] === '||') {
      at++;
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  return or();
}

function truthy(value: Value): boolean {
  return value !== false && value !== '' && value !== '0';
}

/** Runs a bash script file; asynchronous, so a server in this process (a local registry) can answer it. */
function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolvePromise({ status, stdout, stderr });
    });
  });
}

/** Runs the steps in order; resolves to each step's result. */
export async function runSteps(steps: readonly Step[], context: RunContext): Promise<StepResult[]> {
  const temp = mkdtempSync(join(context.env.TMPDIR ?? '/tmp', 'hookctl-runner-'));
  const outputs: Record<string, Record<string, string>> = {};
  const status = { failed: false };
  const lookup = (path: string): string => {
    const [scope, ...rest] = path.split('.');
    if (scope === 'inputs') return context.inputs[rest.join('.')] ?? '';
    if (path === 'github.action_path') return context.actionPath ?? '';
    if (path === 'github.workspace') return context.workspace;
    if (path === 'runner.temp') return temp;
    if (scope === 'steps' && rest[1] === 'outputs') return outputs[rest[0]!]?.[rest.slice(2).join('.')] ?? '';
    throw new Error(`unsupported expression context: ${path}`);
  };
  const interpolate = (text: string) =>
    text.replace(/\$\{\{(.*?)\}\}/g, (_, expression: string) => String(evaluate(expression, lookup, status)));
  const results: StepResult[] = [];
  for (const [index, step] of steps.entries()) {
    const written = step.if === undefined ? '' : String(step.if).replace(/^\$\{\{(.*)\}\}$/s, '$1');
    // GitHub: a condition without a status function runs only if every earlier step succeeded.
    const condition = /\b(success|failure|always|cancelled)\(\)/.test(written)
      ? written
      : written
        ? `success() && (${written})`
        : 'success()';
    if (!truthy(evaluate(condition, lookup, status))) {
      results.push({ step, status: 'skipped', exitCode: null, stdout: '', stderr: '', outputs: {} });
      continue;
    }
    if (step.uses) {
      const given = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, value]) => [key, interpolate(String(value))]));
      results.push({ step, status: 'not-run-here', exitCode: null, stdout: '', stderr: '', outputs: {}, with: given });
      continue;
    }
    if (step.shell !== undefined && step.shell !== 'bash') throw new Error(`only bash steps run here, not ${step.shell}`);
    const script = join(temp, `step-${index}.sh`);
    const outputFile = join(temp, `output-${index}`);
    writeFileSync(script, interpolate(step.run ?? ''));
    writeFileSync(outputFile, '');
    const env: Record<string, string> = {
      ...context.env,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, value]) => [key, interpolate(String(value))])),
      GITHUB_OUTPUT: outputFile,
      GITHUB_WORKSPACE: context.workspace,
      RUNNER_TEMP: temp,
      ...(context.actionPath ? { GITHUB_ACTION_PATH: context.actionPath } : {}),
    };
    const cwd = resolve(context.workspace, interpolate(step['working-directory'] ?? '.'));
    const run = await bash(script, cwd, env);
    const stepOutputs = Object.fromEntries(
      readFileSync(outputFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    if (step.id) outputs[step.id] = stepOutputs;
    const ok = run.status === 0;
    if (!ok) status.failed = true;
    results.push({
      step,
      status: ok ? 'success' : 'failure',
      exitCode: run.status,
      stdout: run.stdout,
      stderr: run.stderr,
      outputs: stepOutputs,
    });
  }
  return results;
}
