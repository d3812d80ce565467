import { DEFAULT_DIALECT, DIALECT_IDS, type DialectId, manifestOf } from '../dialects/registry.js';
import type { DialectCliFacts, DialectManifest, SessionFlag } from '../kit/index.js';

/**
 * The help texts' words about dialects, derived from the registry's manifests (`DialectManifest.cli`),
 * so that a dialect added to the registry shows up in every list, example and hint by itself and no
 * command names one by hand (test/cli/help-from-manifests.test.ts).
 */

type Facts = DialectCliFacts & { readonly manifest: DialectManifest };

/** Every registered dialect that states CLI facts, in registry order. */
function withFacts(): { id: DialectId; facts: Facts }[] {
  return DIALECT_IDS.flatMap((id) => {
    const manifest = manifestOf(id);
    return manifest.cli ? [{ id, facts: { ...manifest.cli, manifest } }] : [];
  });
}

/** The dialects whose facts satisfy `test`, in registry order. */
export function dialectsWhere(test: (facts: Facts) => boolean): DialectId[] {
  return withFacts()
    .filter(({ facts }) => test(facts))
    .map(({ id }) => id);
}

/** `a`, `a or b`, `a, b or c` (or `and`). */
export function wordList(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/** The agent's product name where the manifest gives one, else its id. */
export function agentName(id: DialectId): string {
  return manifestOf(id).agentName ?? id;
}

/** `.claude/settings.json`-style path of the dialect's first project config file. */
export function projectConfigFile(id: DialectId): string {
  const { configDir, configFiles } = manifestOf(id);
  return `${configDir}/${configFiles[0]}`;
}

/** A dialect other than the default, for examples that show `--dialect`; the first that `test` accepts. */
export function exampleDialect(test: (facts: Facts) => boolean = () => true): DialectId {
  return dialectsWhere(test).find((id) => id !== DEFAULT_DIALECT) ?? DEFAULT_DIALECT;
}

/** The first event whose matcher is tested against the tool name: the tool event of examples. */
export function toolEvent(id: DialectId): string {
  const events = manifestOf(id).events;
  return (events.find((event) => event.matcherField === 'tool_name') ?? events[0]!).name;
}

/** `--managed` help: each dialect's managed policy file and its default path. */
export function managedHelp(): string {
  const files = withFacts().flatMap(({ id, facts }) => {
    const file = facts.managedFile;
    if (!file) return [];
    return [`${id} ${file.name} (default ${file.defaultPath}${file.note ? `; ${file.note}` : ''})`];
  });
  return `managed policy file: ${files.join(', ')}`;
}

/** `(a, b: per hook; c: the project hooks file; d has no per-hook trust)`, for `trust` and `untrust`. */
export function trustScope(projectFile: string): string {
  const perHook = dialectsWhere((facts) => facts.trust === 'per-hook');
  const fileWide = dialectsWhere((facts) => facts.trust === 'project-file');
  const none = dialectsWhere((facts) => facts.trust === 'none');
  const parts = [
    perHook.length > 0 ? `${perHook.join(', ')}: per hook` : '',
    fileWide.length > 0 ? `${fileWide.join(', ')}: ${projectFile}` : '',
    none.length > 0 ? `${wordList(none)} ${none.length === 1 ? 'has' : 'have'} no per-hook trust` : '',
  ];
  return `(${parts.filter(Boolean).join('; ')})`;
}

/** What untrusting does where a dialect's manifest says nothing else (`DialectCliFacts.untrustEffect`). */
export const DEFAULT_UNTRUST_EFFECT = 'untrusted hooks stop running until they are reviewed again';

/**
 * `untrust`'s description: what it forgets in each dialect, and what that does there, the default
 * for the dialects that state no effect of their own and each other dialect's own sentence.
 */
export function untrustHelp(): string {
  const trusting = withFacts().filter(({ facts }) => facts.trust !== 'none');
  const plain = trusting.filter(({ facts }) => facts.untrustEffect === undefined).map(({ id }) => id);
  const own = trusting.flatMap(({ id, facts }) => (facts.untrustEffect === undefined ? [] : [`${id}: ${facts.untrustEffect}`]));
  const effects = [plain.length > 0 ? `${wordList(plain)}: ${DEFAULT_UNTRUST_EFFECT}` : '', ...own].filter(Boolean);
  return `forget the trust of hooks ${trustScope('of the project hooks file')}. ${effects.join('; ')}`;
}

/** The dialects `enable` and `disable` act on: those that keep a per-hook on/off state. */
export function switchDialects(): DialectId[] {
  return dialectsWhere((facts) => facts.hookSwitch);
}

/** Which dialects `enable` and `disable` act on, and what to do in the others, for both commands' help. */
export function switchHelp(): string {
  const without = dialectsWhere((facts) => !facts.hookSwitch);
  const keys = dialectsWhere((facts) => !facts.hookSwitch && facts.switchOffKey !== undefined).map(
    (id) => `${id}: or set ${manifestOf(id).cli!.switchOffKey}`,
  );
  const switchOff = keys.length > 0 ? ` (${keys.join('; ')})` : '';
  return `
Applies to ${wordList(switchDialects())}, which keep a per-hook on/off state. ${wordList(without)} have none:
there, remove the hook from its file${switchOff}; hookctl says so and writes nothing.
`;
}

/** `claude Edit, Write, Read…; codex apply_patch`, for `--tool` help. */
export function exampleToolsHelp(): string {
  return withFacts()
    .filter(({ facts }) => (facts.exampleTools?.length ?? 0) > 0)
    .map(({ id, facts }) => `${id} ${facts.exampleTools!.join(', ')}${facts.exampleTools!.length > 1 ? '…' : ''}`)
    .join('; ');
}

/**
 * Every session flag a dialect declares (DialectCliFacts.sessionFlags), once per name, in registry
 * order: the first declaration, the dialects that declare it (`a, b`), and whether the dialect that
 * serves http hooks (`--served`) is among them.
 */
export function sessionFlagOptions(): { flag: SessionFlag; owners: string; serving: boolean }[] {
  const byName = new Map<string, { flag: SessionFlag; owners: DialectId[]; serving: boolean }>();
  for (const { id, facts } of withFacts()) {
    for (const flag of facts.sessionFlags ?? []) {
      const found = byName.get(flag.name) ?? { flag, owners: [], serving: false };
      found.owners.push(id);
      found.serving ||= facts.httpServe !== undefined;
      byName.set(flag.name, found);
    }
  }
  return [...byName.values()].map(({ flag, owners, serving }) => ({ flag, owners: owners.join(', '), serving }));
}

/** The dialects `hookctl test --agent` can drive, by their executables. */
export function agentDialects(): DialectId[] {
  return dialectsWhere((facts) => facts.agentBinary !== undefined);
}

/** The dialects whose session records `hookctl replay` reads. */
export function replayDialects(): DialectId[] {
  return dialectsWhere((facts) => facts.sessionRecords !== undefined);
}

/** Each config directory, `.a/, .b/ or .c/`. */
export function configDirsList(): string {
  return wordList(
    DIALECT_IDS.map((id) => `${manifestOf(id).configDir}/`),
    'or',
  );
}

/** The dialect whose http hooks `hookctl serve --http` answers, with its served file and agent (docs/serve.md). */
export function httpServing(): { id: DialectId; agent: string; servedFile: string; settingsFile: string } | null {
  const found = withFacts().find(({ facts }) => facts.httpServe !== undefined);
  if (found === undefined) return null;
  return {
    id: found.id,
    agent: agentName(found.id),
    servedFile: found.facts.httpServe!.servedFile,
    settingsFile: projectConfigFile(found.id),
  };
}

/** `claude: ` for help text of an option only that dialect takes (`''` when none does). */
export function httpServingPrefix(): string {
  const serving = httpServing();
  return serving === null ? '' : `${serving.id}: `;
}
