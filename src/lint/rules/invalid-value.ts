import { fileHooksNode, rejectsWholeFile, wholeFileClause } from '../../config/agent-rejection.js';
import { checkField } from '../../config/check-field.js';
import type { FieldType } from '../../config/config-spec.js';
import { scalarField, setField } from '../../config/field-value.js';
import { HELD_BACK, managedOnlyKey } from '../../config/managed-only.js';
import { getEntry, type SourceNode, type SourceObject } from '../../config/source-tree.js';
import { didYouMean, didYouMeanSuffix } from '../../util/did-you-mean.js';
import { ruleMeta, type CheckedFile, type Rule, type RuleContext, type RuleReport } from '../rule.js';

/** Fields an `mcp_tool` handler needs (Codex: codex-rs/config/src/hook_config.rs HookHandlerConfig::McpTool). */
const MCP_TOOL_FIELDS: readonly (readonly [string, FieldType])[] = [
  ['server', { kind: 'string' }],
  ['tool', { kind: 'string' }],
];

/**
 * Wrong types and shapes: the agent rejects the value, so the hook it belongs to never runs. Where
 * the agent deserialises a file's hooks all at once (openinterpreter), such a value in a known
 * event drops every hook of the file, and the finding says so.
 */
export const invalidValue: Rule = {
  meta: ruleMeta('invalid-value', 'error', 'a value of the wrong type or shape for the config schema'),
  atLoad: true,
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const { root, format, text } = file.parsed;
    const wholeFile = rejectsWholeFile(spec, file);
    const fileHooks = fileHooksNode(file, declarations);
    /** Reports a problem the agent refuses: the whole file's hooks where it rejects files whole. */
    const refuse = (problem: RuleReport) =>
      report(
        wholeFile && fileHooks !== undefined
          ? { ...problem, message: `${wholeFileClause(file)}: ${problem.message}`, invalidates: fileHooks }
          : problem,
      );
    for (const problem of declarations.shapeProblems) {
      const { refusedByAgent, ...finding } = problem;
      if (refusedByAgent) refuse(finding);
      else report(finding);
    }
    if (root?.kind !== 'object') return;
    const topLevel = spec.topLevel[file.role];
    // A strict hooks file is rejected whole by the agent; in a general config file only the value is wrong.
    const strict = topLevel.unknown === 'error';
    // A managed-only switch that is not a boolean fails closed (isManagedOnly); say what that does.
    const heldBackBy = managedOnlyKey(file, spec);
    checkFields(root, Object.entries(topLevel.fields), text, format, strict ? root : undefined, (problem, key) =>
      report(key === heldBackBy ? { ...problem, message: `${problem.message}; ${HELD_BACK}` } : strict ? { ...problem, message: `${wholeFileClause(file)}: ${problem.message}` } : problem),
    );
    const misplaced = reportTopLevelEvents(spec, file, root, report);
    if (strict) reportUnknownTopLevel(root, ['hooks', ...Object.keys(topLevel.fields)], misplaced, wholeFileClause(file), report);
    const reserved = spec.reservedHookKeys?.[file.role];
    const hooks = declarations.hooks?.value;
    if (reserved !== undefined && hooks?.kind === 'object') checkFields(hooks, Object.entries(reserved), text, format, undefined, refuse);
    // Listed once per file, not per group and handler: a large file has thousands of handlers.
    const groupFields = Object.entries(spec.groupFields);
    const handlerFields = Object.entries(spec.handlerFields);
    for (const event of declarations.events) {
      // The agent skips events it does not know without reading them (unknown-event reports the name).
      const agentReads = event.spec !== null;
      const fieldProblem = (invalidates: SourceObject) => (problem: RuleReport, _key: string, type: FieldType) =>
        agentReads && !type.extension ? refuse(problem) : report({ ...problem, invalidates });
      for (const group of event.groups) {
        if (spec.nesting === 'groups') checkFields(group.node, groupFields, text, format, group.node, fieldProblem(group.node));
        for (const handler of group.handlers) {
          checkHandler(handler.node, spec.handlerTypes !== null, format, agentReads ? refuse : report);
          if (wholeFile && agentReads) refuseNulls(handler.node, refuse);
          const type = scalarField(handler.node, 'type', 'string');
          const fields = type === 'mcp_tool' ? MCP_TOOL_FIELDS : handlerFields;
          checkFields(handler.node, fields, text, format, handler.node, fieldProblem(handler.node));
          if (type === 'mcp_tool') requireFields(handler.node, ['server', 'tool'], agentReads ? refuse : report);
        }
      }
    }
  },
};

/** The handler kind is required where the dialect has kinds (the config schema says so too). */
function checkHandler(node: SourceObject, hasTypes: boolean, format: string, report: (problem: RuleReport) => void): void {
  if (!hasTypes || setField(node, 'type') !== undefined) return;
  const example = format === 'toml' ? 'type = "command"' : format === 'yaml' ? 'type: command' : '"type": "command"';
  report({ message: `this handler has no "type"; add ${example}`, pos: node.pos, invalidates: node });
}

/**
 * Where the agent reads a file whole, `null` is "absent" only for its optional fields (`timeout`,
 * `statusMessage`, …); for these it is a value of the wrong type (Codex: serde `bool`/`String`).
 */
const NOT_NULLABLE = ['type', 'command', 'async'];

function refuseNulls(node: SourceObject, refuse: (problem: RuleReport) => void): void {
  for (const key of NOT_NULLABLE) {
    const value = getEntry(node, key)?.value;
    if (value?.kind === 'scalar' && value.value === null) refuse({ message: `"${key}" must not be null`, pos: value.pos });
  }
}

function requireFields(node: SourceObject, keys: readonly string[], report: (problem: RuleReport) => void): void {
  for (const key of keys) {
    if (setField(node, key) === undefined) report({ message: `this mcp_tool handler has no "${key}"`, pos: node.pos, invalidates: node });
  }
}

/**
 * Event names written at the top level of a hooks file, where the `hooks` root was forgotten: the
 * agent reads nothing from the file (SPEC 3.2; Codex: config hooks_tests.rs
 * hooks_file_rejects_events_outside_hooks_object). Returns the keys reported.
 */
function reportTopLevelEvents(spec: RuleContext['spec'], file: CheckedFile['file'], root: SourceObject, report: (problem: RuleReport) => void): Set<string> {
  const reported = new Set<string>();
  if (file.role !== 'hooks-file') return reported;
  const where = file.parsed.format === 'yaml' ? 'an indented entry under "hooks:"' : 'a key inside "hooks"';
  const effect = spec.wholeFileRejection ? wholeFileClause(file) : 'nothing in this file runs';
  for (const entry of root.entries) {
    if (!spec.events.some((event) => event.name === entry.key)) continue;
    reported.add(entry.key);
    report({
      message: `${effect}: the event "${entry.key}" is at the top level, outside "hooks"; make it ${where}`,
      pos: entry.keyPos,
      invalidates: root,
    });
  }
  return reported;
}

function reportUnknownTopLevel(root: SourceObject, known: readonly string[], reported: ReadonlySet<string>, clause: string, report: (problem: RuleReport) => void): void {
  for (const entry of root.entries) {
    if (known.includes(entry.key) || reported.has(entry.key)) continue;
    // Editors find the hooks schema by file name (README), so `$schema` is never needed in the file.
    const hint = entry.key === '$schema' ? '; associate the schema with hooks.json in the editor settings instead (README: editor set-up)' : '';
    report({
      message: `${clause}: unknown top-level key "${entry.key}" (allowed: ${known.join(', ')})` + (hint || didYouMeanSuffix(didYouMean(entry.key, known))),
      pos: entry.keyPos,
      invalidates: root,
    });
  }
}

function checkFields(
  object: SourceObject,
  fields: readonly (readonly [string, FieldType])[],
  text: string,
  format: Parameters<typeof checkField>[3],
  invalidates: SourceNode | undefined,
  report: (report: RuleReport, key: string, type: FieldType) => void,
): void {
  for (const [key, type] of fields) {
    const entry = setField(object, key);
    if (entry === undefined) continue;
    const problem = checkField(key, entry.value, type, format, text);
    if (problem !== null) report({ message: problem, pos: entry.value.pos, ...(invalidates ? { invalidates } : {}) }, key, type);
  }
}
