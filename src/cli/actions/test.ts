import { join, resolve } from 'node:path';
import { configured, nearestConfiguredDir } from '../../dialects/detect-dialect.js';
import { runCases, type CaseResult } from '../../testing/run-cases.js';
import { resolveCommon, type CommonOptionValues } from '../common-options.js';
import { openEngine } from '../open-engine.js';

export interface TestOptions extends CommonOptionValues {
  rewriteOrder?: 'completion' | 'configured';
  json?: boolean;
}

/** `hookctl test`: exit 1 when any case fails. */
export async function test(dir: string | undefined, options: TestOptions): Promise<number> {
  const { casesDir, projectDir } = locateCases(dir, options.cwd);
  const common = resolveCommon({ ...options, ...(projectDir === undefined ? {} : { cwd: projectDir }) });
  // Cases exercise the hooks' logic; whether this user trusts them is a separate, per-user decision.
  const engine = await openEngine(common, { bypassTrust: true, strictPayload: true, rewriteOrder: options.rewriteOrder });
  try {
    const report = await runCases(engine, casesDir);
    if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      for (const result of report.results) process.stdout.write(formatResult(result));
      process.stdout.write(`${report.passed} passed, ${report.failed} failed\n`);
    }
    return report.failed === 0 ? 0 : 1;
  } finally {
    await engine.close();
  }
}

/**
 * Where the cases are and, without --cwd, which project they test: `hookctl test examples/gate`
 * means that project's `hooks-tests/`, and a cases dir inside a project tests that project.
 */
function locateCases(dir: string | undefined, cwdOption: string | undefined): { casesDir: string; projectDir: string | undefined } {
  const cwd = resolve(cwdOption ?? process.cwd());
  if (dir === undefined) return { casesDir: join(cwd, 'hooks-tests'), projectDir: undefined };
  const target = resolve(dir);
  if (cwdOption !== undefined) return { casesDir: target, projectDir: undefined };
  if (configured(target).length > 0) return { casesDir: join(target, 'hooks-tests'), projectDir: target };
  return { casesDir: target, projectDir: nearestConfiguredDir(target) ?? undefined };
}

function formatResult(result: CaseResult): string {
  if (result.passed) return `✓ ${result.name}\n`;
  const lines = [`✗ ${result.name}`];
  if (result.error) lines.push(`    error: ${result.error}`);
  for (const mismatch of result.mismatches) {
    lines.push(`    ${mismatch.path || '/'}`, `      - expected: ${JSON.stringify(mismatch.expected)}`, `      + actual:   ${JSON.stringify(mismatch.actual)}`);
  }
  return `${lines.join('\n')}\n`;
}
