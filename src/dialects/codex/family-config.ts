import { analyseFiles, type Analysis } from '../../config/analyse-files.js';
import type { ConfigFile } from '../../config/config-file.js';
import type { DialectConfigSpec } from '../../config/config-spec.js';
import { featuresPolicy, switchedOff } from '../../config/features-switch.js';
import { isManagedOnly } from '../../config/managed-only.js';
import { normalizeHandlers } from '../../config/normalize-handlers.js';
import type { Finding, HandlerRecord, LoadContext, LoadedConfig, SwitchedOff } from '../../kit/index.js';
import type { SourceNode } from '../../config/source-tree.js';

/**
 * Where the agent refuses to start on a type error in a config file's hooks table
 * (`spec.inlineConfigRefusal`, codex), those findings are load errors: nothing runs, the hooks.json
 * ones included, and `run`/`dry-run` fail. A file the agent does not read (an untrusted project's)
 * cannot stop it, so its findings stay warnings.
 */
function refusalsAreFatal<T extends { findings: Finding[] }>(spec: DialectConfigSpec, files: readonly ConfigFile[], analysis: T): T {
  const refusal = spec.policy?.refusal;
  if (refusal === undefined) return analysis;
  const read = new Set(files.filter((file) => file.role === 'inline-config' && !file.disabled).map((file) => file.parsed.path));
  const findings = analysis.findings.map((finding) =>
    finding.severity === 'error' && read.has(finding.file) && finding.message.startsWith(`${refusal}:`)
      ? { ...finding, fatal: true }
      : finding,
  );
  return { ...analysis, findings };
}

/**
 * The load policy of the Codex-derived dialects (openinterpreter, codex): every file is read and
 * checked once; `[features] hooks = false` switches turn off the hooks they govern (the spec's
 * featuresPolicy); otherwise what the rules did not invalidate is normalised into handlers.
 * `watch` names the paths whose change alters what the dialect's discovery finds.
 */
export async function loadCodexFamilyConfig(
  spec: DialectConfigSpec,
  context: LoadContext,
  watch: (context: LoadContext, files: readonly ConfigFile[]) => string[],
): Promise<LoadedConfig> {
  const files = await spec.discover(context);
  const { LOAD_RULES } = await import('../../lint/rules/load-rules.js');
  const analysis = refusalsAreFatal(spec, files, analyseFiles(files, spec, LOAD_RULES, context.cwd));
  const paths = files.map((file) => file.parsed.path);
  const watchPaths = watch(context, files);
  const policy = featuresPolicy(files, spec);
  const off = switchedOff(policy);
  if (off?.scope === 'all') {
    // Hooks are off: nothing is discovered or run, so problems inside hook declarations are moot.
    const findings = analysis.findings.filter((finding) => finding.ruleId === 'features-disabled');
    const listedOnly = switchedOffHandlers(analysis.checked, spec, analysis.invalidated, off);
    return { enabled: false, switchedOff: off, managedOnly: false, handlers: [], listedOnly, files: paths, watchPaths, findings };
  }
  if (off?.scope === 'non-managed') {
    // Only the managed layer is discovered; the switched-off layers' problems are moot too.
    const managedPaths = new Set(files.filter((file) => file.source === 'managed').map((file) => file.parsed.path));
    const handlers = normalizeHandlers(
      analysis.checked.filter((item) => item.file.source === 'managed'),
      spec,
      analysis.invalidated,
    );
    const others = analysis.checked.filter((item) => item.file.source !== 'managed');
    return {
      enabled: handlers.length > 0,
      switchedOff: off,
      managedOnly: false,
      handlers,
      listedOnly: switchedOffHandlers(others, spec, analysis.invalidated, off),
      files: paths,
      watchPaths,
      findings: analysis.findings.filter((finding) => finding.ruleId === 'features-disabled' || managedPaths.has(finding.file)),
    };
  }
  return {
    enabled: true,
    switchedOff: null,
    managedOnly: isManagedOnly(files, spec),
    handlers: normalizeHandlers(analysis.checked, spec, analysis.invalidated),
    files: paths,
    watchPaths,
    findings: analysis.findings,
  };
}

/**
 * The hooks a `[features] hooks = false` switch turned off, for `hookctl list` only (never
 * dispatched): each with the switch that keeps it from running, so a listing does not hide them.
 */
function switchedOffHandlers(
  checked: Analysis['checked'],
  spec: DialectConfigSpec,
  invalidated: ReadonlySet<SourceNode>,
  off: SwitchedOff,
): HandlerRecord[] {
  const error = `[features] hooks = false in ${off.file}:${off.line}`;
  return normalizeHandlers(checked, spec, invalidated).map((handler) => ({ ...handler, unrunnable: { reason: 'disabled', error } }));
}
