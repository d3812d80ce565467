import { analyseFiles, type Analysis } from '../config/analyse-files.js';
import type { ConfigFile } from '../config/config-file.js';
import type { DialectConfigSpec } from '../config/config-spec.js';
import { featuresPolicy, switchedOff } from '../config/features-switch.js';
import { setField } from '../config/field-value.js';
import { discoverLayers, type LayerDeclaration, type LoadPolicy } from '../config/load-declaration.js';
import { isManagedOnly } from '../config/managed-only.js';
import { type ExtendHandler, normalizeHandlers } from '../config/normalize-handlers.js';
import type { SourceNode } from '../config/source-tree.js';
import type { Finding, HandlerRecord, LoadContext, LoadedConfig, SwitchedOff } from '../kit/index.js';

/**
 * A dialect's whole load, declared: its spec (rules, with its `layers` and load `policy`) and the
 * few steps that are the agent's own. The core runs the pipeline (loadDeclared); a dialect writes
 * no load code of its own.
 */
export interface DeclaredLoad {
  readonly spec: DialectConfigSpec & { readonly layers: LayerDeclaration; readonly policy: LoadPolicy };
  /**
   * Under `onError: 'refuse'`: the files among those with errors that will not run (octo: a project
   * file never trusted, or edited since). Their errors stop the load only if they run (`fatalIfRun`),
   * so a repository cannot switch every hook off by committing a typo.
   */
  dormant?(files: readonly ConfigFile[], findings: readonly Finding[], context: LoadContext): Promise<ReadonlySet<string>>;
  /**
   * How a handler record becomes the one the agent runs (normalizeHandlers' extension). `applied`:
   * the files whose settings are in force (appliedFiles).
   */
  extend?(files: readonly ConfigFile[], context: LoadContext, applied: readonly ConfigFile[]): ExtendHandler | undefined;
  /**
   * The agent's own decisions over the discovered files where they need more than the files
   * (gemini: folder trust, each extension's state), made once before the switches and normalisation.
   */
  decide?(files: readonly ConfigFile[], context: LoadContext): Promise<Decided>;
  /** The agent's last word on the loaded configuration (codex: its hook order and shell; octo: file fingerprints). */
  finish?(config: LoadedConfig, load: { files: readonly ConfigFile[]; applied: readonly ConfigFile[]; context: LoadContext }): LoadedConfig;
}

/** What a dialect's `decide` step settles for the rest of the load. */
export interface Decided {
  /**
   * The files whose settings the agent reads, in layer order: the policy's disable-all key counts
   * only theirs (Gemini CLI reads no workspace settings in a folder it does not trust, and no
   * settings from an extension's files). Absent: every file.
   */
  settings?: readonly ConfigFile[];
  /** How a handler record becomes the one the agent runs; takes the place of `extend`. */
  extend?: ExtendHandler;
  /** Paths the decision read besides the layers' files (an extension's settings, the trust file). */
  watchPaths?: readonly string[];
}

/** A dialect's `loadConfig`, from its declaration. */
export function declaredLoader(load: DeclaredLoad): (context: LoadContext) => Promise<LoadedConfig> {
  return (context) => loadDeclared(load, context);
}

/**
 * The one load pipeline (SPEC 2.1 / 3.1): discover the declared layers (files and watch paths
 * together), check every file once with the load rules, apply the policy to what they found
 * (`refuse`: errors stop the load; a refusal clause: the agent will not start), apply the switches
 * (a disable-all key, `[features] hooks`, a managed-only key), normalise what the rules left
 * usable (as the dialect decided, where it decides), and let the dialect finish.
 */
export async function loadDeclared(load: DeclaredLoad, context: LoadContext): Promise<LoadedConfig> {
  const { spec } = load;
  const { files, watchPaths } = await discoverLayers(spec.layers, context);
  const { LOAD_RULES } = await import('../lint/rules/load-rules.js');
  const analysis = analyseFiles(files, spec, LOAD_RULES, context.cwd);
  const findings = await withFatality(load, files, analysis.findings, context);
  const decided: Decided = (await load.decide?.(files, context)) ?? {};
  const read = files.filter((file) => file.role !== 'env' && file.role !== 'unread').map((file) => file.parsed.path);
  const base = { files: read, watchPaths: [...new Set([...watchPaths, ...(decided.watchPaths ?? [])])] };
  const applied = appliedFiles(files, analysis);
  const extension = decided.extend ?? load.extend?.(files, context, applied);
  const normalize = (checked: Analysis['checked']) => normalizeHandlers(checked, spec, analysis.invalidated, extension);
  // The disable-all key counts in the files whose settings are in force and the agent reads (decide).
  const settings = decided.settings === undefined ? applied : applied.filter((file) => decided.settings!.includes(file));
  const config = switchedLoad(spec, files, settings, { ...analysis, findings }, normalize) ?? {
    enabled: true,
    switchedOff: null,
    managedOnly: isManagedOnly(files, spec),
    handlers: normalize(analysis.checked),
    findings,
  };
  const loaded: LoadedConfig = { ...config, ...base };
  return load.finish ? load.finish(loaded, { files, applied, context }) : loaded;
}

/**
 * The files whose settings are in force, in layer order: every file but those the rules dropped
 * whole (its root invalidated: the agent skips the file, its settings too).
 */
export function appliedFiles(files: readonly ConfigFile[], analysis: Pick<Analysis, 'invalidated'>): ConfigFile[] {
  // A managed file is never skipped whole: the agent repairs it entry by entry, or refuses to start.
  return files.filter((file) => file.source === 'managed' || file.parsed.root === null || !analysis.invalidated.has(file.parsed.root));
}

/** The findings with the policy applied: which errors stop the load (`fatal`), or would if their file ran (`fatalIfRun`). */
async function withFatality(
  load: DeclaredLoad,
  files: readonly ConfigFile[],
  findings: readonly Finding[],
  context: LoadContext,
): Promise<Finding[]> {
  const { refusal, onError } = load.spec.policy;
  // A file the agent does not read (an untrusted project's) cannot stop it: its refusals stay as they are.
  const refusing = new Set(files.filter((file) => file.role === 'inline-config' && !file.disabled).map((file) => file.parsed.path));
  const refused = (finding: Finding) =>
    refusal !== undefined && finding.severity === 'error' && refusing.has(finding.file) && finding.message.startsWith(`${refusal}:`);
  const marked = findings.map((finding) => (refused(finding) ? { ...finding, fatal: true } : finding));
  if (onError !== 'refuse') return marked;
  const dormant = (await load.dormant?.(files, marked, context)) ?? new Set<string>();
  return marked.map((finding) => {
    if (finding.severity !== 'error') return finding;
    return dormant.has(finding.file) ? { ...finding, fatalIfRun: true } : { ...finding, fatal: true };
  });
}

type SwitchedLoad = Omit<LoadedConfig, 'files' | 'watchPaths'>;

/**
 * What the policy's switches leave, or null when none is in force. A disable-all key turns every
 * hook off and keeps every finding. A `[features] hooks = false` switch turns off what it governs
 * (all hooks, or the non-managed ones) and keeps only the findings of what still loads; the hooks
 * it turned off are listed, never dispatched.
 */
function switchedLoad(
  spec: DeclaredLoad['spec'],
  files: readonly ConfigFile[],
  settings: readonly ConfigFile[],
  analysis: Analysis,
  normalize: (checked: Analysis['checked']) => HandlerRecord[],
): SwitchedLoad | null {
  const allOff = disabledBy(spec.policy, settings);
  if (allOff !== null) return { enabled: false, switchedOff: allOff, managedOnly: false, handlers: [], findings: analysis.findings };
  const off = spec.policy.features === undefined ? null : switchedOff(featuresPolicy(files, spec));
  if (off === null) return null;
  const listed = (checked: Analysis['checked']) => switchedOffHandlers(normalize(checked), off);
  if (off.scope === 'all') {
    // Hooks are off: nothing is discovered or run, so problems inside hook declarations are moot.
    const findings = analysis.findings.filter((finding) => finding.ruleId === 'features-disabled');
    return { enabled: false, switchedOff: off, managedOnly: false, handlers: [], listedOnly: listed(analysis.checked), findings };
  }
  // Only the managed layer is discovered; the switched-off layers' problems are moot too.
  const managedPaths = new Set(files.filter((file) => file.source === 'managed').map((file) => file.parsed.path));
  const handlers = normalize(analysis.checked.filter((item) => item.file.source === 'managed'));
  return {
    enabled: handlers.length > 0,
    switchedOff: off,
    managedOnly: false,
    handlers,
    listedOnly: listed(analysis.checked.filter((item) => item.file.source !== 'managed')),
    findings: analysis.findings.filter((finding) => finding.ruleId === 'features-disabled' || managedPaths.has(finding.file)),
  };
}

/** The hooks a switch turned off, for `hookctl list` only: each with the switch that keeps it from running. */
function switchedOffHandlers(handlers: readonly HandlerRecord[], off: SwitchedOff): HandlerRecord[] {
  const error = `[features] hooks = false in ${off.file}:${off.line}`;
  return handlers.map((handler) => ({ ...handler, unrunnable: { reason: 'disabled', error } }));
}

/**
 * The disable-all key in force: the last file whose settings are in force and the agent reads (of
 * the key's source, if it names one) that sets it to a boolean decides.
 */
function disabledBy(policy: LoadPolicy, settings: readonly ConfigFile[]): SwitchedOff | null {
  const key = policy.disableAll;
  if (key === undefined) return null;
  let deciding: { file: ConfigFile; node: SourceNode & { kind: 'scalar' }; line: number; column: number } | null = null;
  for (const file of settings) {
    if (key.source !== undefined && file.source !== key.source) continue;
    let node: SourceNode | undefined = file.parsed.root ?? undefined;
    let pos = { line: 1, column: 1 };
    for (const name of key.path) {
      const entry = node?.kind === 'object' ? setField(node, name) : undefined;
      node = entry?.value;
      if (entry) pos = entry.keyPos;
    }
    if (node?.kind === 'scalar' && typeof node.value === 'boolean') deciding = { file, node, ...pos };
  }
  if (deciding === null || deciding.node.value !== key.value) return null;
  const setting = `${key.path.join('.')} = ${JSON.stringify(key.value)}`;
  return { scope: 'all', file: deciding.file.parsed.path, line: deciding.line, column: deciding.column, setting };
}
