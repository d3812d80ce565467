import { fileHooksNode, rejectionOf, rejectsFiles, rejectsWholeFile, wholeFileClause } from '../../config/agent-rejection.js';
import { checkField, FIELD_MESSAGES, type FieldProblem } from '../../config/check-field.js';
import type { FieldType, RejectionLevel } from '../../config/config-spec.js';
import { SHAPE_MESSAGES } from '../../config/declarations.js';
import { scalarField, setField } from '../../config/field-value.js';
import { isUnsupportedHandler, requiredFields } from '../../config/handler-type.js';
import { HELD_BACK, managedOnlyKey } from '../../config/managed-only.js';
import { getEntry, type ConfigFormat, type SourceNode, type SourceObject, type SourcePosition } from '../../config/source-tree.js';
import { didYouMean } from '../../util/did-you-mean.js';
import { formatMessage, type MessageData } from '../message.js';
import { createRule, type CheckedFile, type RuleContext } from '../rule.js';

/** Problems that stand alone (octo, hookctl's own fields, the managed file) or are wrapped in `fileIgnored`. */
const STANDALONE = {
  // Shapes of the hooks tree (found while extracting declarations) and field types, each written once.
  ...SHAPE_MESSAGES,
  ...FIELD_MESSAGES,
  // {{example}} is the line to add, in the file's format.
  missingType: 'this handler has no "type"; add {{example}}',
  mcpToolWithout: 'this mcp_tool handler has no "{{key}}"',
  // Fields other than `command` that a handler type needs (claude http `url`); `command` is empty-command's.
  missingField: 'this {{type}} handler has no "{{key}}"',
} as const;

/** Every problem's words, for wrapping; `null` where a type is required only matters when the agent reads the file whole. */
const PROBLEMS = { ...STANDALONE, notNullable: '"{{key}}" must not be null' } as const;

type Problem = { messageId: keyof typeof PROBLEMS & string; data?: MessageData };

/** Fields an `mcp_tool` handler needs (Codex: codex-rs/config/src/hook_config.rs HookHandlerConfig::McpTool). */
const MCP_TOOL_FIELDS: readonly (readonly [string, FieldType])[] = [
  ['server', { kind: 'string' }],
  ['tool', { kind: 'string' }],
];

/**
 * Where the agent reads a file whole, `null` is "absent" only for its optional fields (`timeout`,
 * `statusMessage`, …); for these it is a value of the wrong type (Codex: serde `bool`/`String`).
 */
const NOT_NULLABLE = ['type', 'command', 'async'];

/**
 * Wrong types and shapes: the agent rejects the value, so the hook it belongs to never runs. Where
 * the agent deserialises a file's hooks all at once (openinterpreter, after Codex's serde types),
 * such a value in a known event drops every hook of the file, and the finding says so.
 */
export const invalidValue = createRule({
  id: 'invalid-value',
  severity: 'error',
  description: 'a value of the wrong type or shape for the config schema',
  atLoad: true,
  messages: {
    ...STANDALONE,
    // A managed-only switch that is not a boolean fails closed (isManagedOnly); say what that does.
    managedOnlyNotBoolean: `${FIELD_MESSAGES.notBoolean}; ${HELD_BACK}`,
    // {{clause}}: "the agent ignores this whole file" (hooks.json) or "… every hook in this file" (TOML);
    // {{problem}}: the problem in its own words.
    fileIgnored: '{{clause}}: {{problem}}',
    // Where the dialect declares a finer rejection (claude): {{clause}} names what the agent drops,
    // the entry or the event's hooks of the file ("Claude Code 2.1.332 ignores this Stop hook; …").
    entryIgnored: '{{clause}}: {{problem}}',
    // `"$schema"`: editors find the schema by file name (README: editor set-up), never by a key.
    schemaKeyFileIgnored:
      '{{clause}}: unknown top-level key "$schema" (allowed: {{allowed}}); ' +
      'associate the schema with the file in the editor settings instead (README: editor set-up)',
    unknownTopLevelKeyFileIgnored: '{{clause}}: unknown top-level key "{{key}}" (allowed: {{allowed}})',
    unknownTopLevelKeyFileIgnoredDidYouMean:
      '{{clause}}: unknown top-level key "{{key}}" (allowed: {{allowed}}); did you mean "{{suggestion}}"?',
    // The `hooks` root forgotten (Codex: config hooks_tests.rs hooks_file_rejects_events_outside_hooks_object; SPEC 3.2).
    eventAtTopLevel: '{{effect}}: the event "{{event}}" is at the top level, outside "hooks"; make it {{where}}',
  },
  check({ spec, checked, report }) {
    const { file, declarations } = checked;
    const { root, format, text } = file.parsed;
    const wholeFile = rejectsWholeFile(spec, file);
    const fileHooks = fileHooksNode(file, declarations);
    /** A problem the agent refuses: the whole file's hooks where it rejects files whole, else what its granularity says. */
    const refuse = (problem: Problem, where: Where, at: At = { level: 'setting' }) => {
      if (!wholeFile) return report({ ...problem, ...where } as never);
      const words = formatMessage('invalid-value', PROBLEMS, problem.messageId, problem.data);
      const rejection = root === null ? undefined : rejectionOf(spec, file, declarations, { ...at, node: where.invalidates ?? root });
      if (rejection !== undefined) {
        const { clause, invalidates } = rejection;
        const messageId = invalidates === root || invalidates === fileHooks ? 'fileIgnored' : 'entryIgnored';
        return report({ messageId, data: { clause, problem: words }, pos: where.pos, invalidates });
      }
      if (fileHooks === undefined) return report({ ...problem, ...where } as never);
      // A value out of range deserialises; only a type error can stop the agent from starting.
      const clause = problem.messageId === 'aboveMax' ? wholeFileClause(file) : wholeFileClause(file, spec);
      report({ messageId: 'fileIgnored', data: { clause, problem: words }, pos: where.pos, invalidates: fileHooks });
    };
    for (const { refusedByAgent, pos, invalidates, level, event, ...problem } of declarations.shapeProblems) {
      if (refusedByAgent) refuse(problem, { pos, invalidates }, { level, ...(event === undefined ? {} : { event }) });
      else report({ ...problem, pos, invalidates } as never);
    }
    if (root?.kind !== 'object') return;
    const topLevel = spec.topLevel[file.role];
    // A strict hooks file is rejected whole by the agent; in a general config file only the value is wrong.
    const strict = topLevel.unknown === 'error';
    const heldBackBy = managedOnlyKey(file, spec);
    // Where the agent validates the file against its schema (claude), a setting it reads of the wrong type drops the file too.
    const refusesSettings = strict || spec.policy.granularity !== undefined;
    checkFields(root, Object.entries(topLevel.fields), format, text, strict ? root : undefined, (problem, key, where) => {
      const heldBack = key === heldBackBy && problem.messageId === 'notBoolean';
      if (heldBack) report({ messageId: 'managedOnlyNotBoolean', data: problem.data, ...where } as never);
      else if (refusesSettings) refuse(problem, where);
      else report({ ...problem, ...where } as never);
    });
    const misplaced = reportTopLevelEvents(spec, checked, root, report);
    // A strict top level is the agent refusing the file (hooks.json: any key but hooks and description).
    if (strict) reportUnknownTopLevel(root, ['hooks', ...Object.keys(topLevel.fields)], misplaced, wholeFileClause(file), report);
    const reserved = topLevel.hooksKeys;
    const hooks = declarations.hooks?.value;
    if (reserved !== undefined && hooks?.kind === 'object')
      checkFields(hooks, Object.entries(reserved), format, text, undefined, (problem, _key, where) => refuse(problem, where));
    // Listed once per file, not per group and handler: a large file has thousands of handlers.
    const groupFields = Object.entries(spec.groupFields);
    const handlerFields = Object.entries(spec.handlerFields);
    for (const event of declarations.events) {
      // The agent skips events it does not know without reading them (unknown-event reports the name).
      const agentReads = event.spec !== null;
      const at = (level: RejectionLevel): At => ({ level, event: { name: event.name, value: event.value } });
      const judgeAt = (level: RejectionLevel) => (problem: Problem, where: Where, type?: FieldType) =>
        agentReads && type?.extension !== true ? refuse(problem, where, at(level)) : report({ ...problem, ...where } as never);
      const judgeGroup = judgeAt('group');
      const judge = judgeAt('handler');
      for (const group of event.groups) {
        if (spec.nesting === 'groups' || (spec.nesting === 'mixed' && group.handlers[0]?.node !== group.node))
          checkFields(group.node, groupFields, format, text, group.node, (problem, _key, where, type) => judgeGroup(problem, where, type));
        for (const handler of group.handlers) {
          const node = handler.node;
          const type = scalarField(node, 'type', 'string');
          const fields = type === 'mcp_tool' ? MCP_TOOL_FIELDS : handlerFields;
          checkFields(node, fields, format, text, node, (problem, _key, where, fieldType) => judge(problem, where, fieldType));
          if (spec.handlerTypes?.required && type !== undefined && type !== 'mcp_tool' && !isUnsupportedHandler(spec, node)) {
            for (const key of requiredFields(spec, type)) {
              if (key === 'command' || setField(node, key) !== undefined) continue;
              judge({ messageId: 'missingField', data: { type, key } }, { pos: node.pos, invalidates: node });
            }
          }
          // The handler kind is required where the dialect has kinds (the config schema says so too).
          if (spec.handlerTypes !== null && setField(node, 'type') === undefined && !isNull(node, 'type')) {
            const example = format === 'toml' ? 'type = "command"' : format === 'yaml' ? 'type: command' : '"type": "command"';
            judge({ messageId: 'missingType', data: { example } }, { pos: node.pos, invalidates: node });
          }
          if (type === 'mcp_tool') {
            for (const key of ['server', 'tool']) {
              if (setField(node, key) === undefined)
                judge({ messageId: 'mcpToolWithout', data: { key } }, { pos: node.pos, invalidates: node });
            }
          }
          if (wholeFile && agentReads) {
            for (const key of NOT_NULLABLE) {
              const value = getEntry(node, key)?.value;
              if (value !== undefined && isNull(node, key))
                refuse({ messageId: 'notNullable', data: { key } }, { pos: value.pos, invalidates: node }, at('handler'));
            }
          }
        }
      }
    }
  },
});

type Report = RuleContext<typeof invalidValue.meta.messages>['report'];

/** Where a problem is, and the declaration it makes unusable (none for a general config file's field). */
interface Where {
  pos: SourcePosition;
  invalidates?: SourceNode;
}

/** The level and event a problem sits at, for a dialect's policy `granularity`. */
interface At {
  level: RejectionLevel;
  event?: { name: string; value: SourceNode };
}

function isNull(node: SourceObject, key: string): boolean {
  const value = getEntry(node, key)?.value;
  return value?.kind === 'scalar' && value.value === null;
}

/**
 * Event names written at the top level of a hooks file, where the `hooks` root was forgotten: the
 * agent reads nothing from the file. Returns the keys reported.
 */
function reportTopLevelEvents(spec: RuleContext['spec'], checked: CheckedFile, root: SourceObject, report: Report): Set<string> {
  const { file } = checked;
  const reported = new Set<string>();
  if (file.role !== 'hooks-file') return reported;
  const where = file.parsed.format === 'yaml' ? 'an indented entry under "hooks:"' : 'a key inside "hooks"';
  const effect = rejectsFiles(spec) ? wholeFileClause(file) : 'nothing in this file runs';
  for (const entry of root.entries) {
    if (!spec.events.some((event) => event.name === entry.key)) continue;
    reported.add(entry.key);
    report({ messageId: 'eventAtTopLevel', data: { effect, event: entry.key, where }, pos: entry.keyPos, invalidates: root });
  }
  return reported;
}

function reportUnknownTopLevel(
  root: SourceObject,
  allowedKeys: readonly string[],
  reported: ReadonlySet<string>,
  clause: string,
  report: Report,
): void {
  const allowed = allowedKeys.join(', ');
  for (const entry of root.entries) {
    if (allowedKeys.includes(entry.key) || reported.has(entry.key)) continue;
    const where = { pos: entry.keyPos, invalidates: root };
    const suggestion = didYouMean(entry.key, allowedKeys);
    if (entry.key === '$schema') report({ messageId: 'schemaKeyFileIgnored', data: { clause, allowed }, ...where });
    else if (suggestion === null)
      report({ messageId: 'unknownTopLevelKeyFileIgnored', data: { clause, key: entry.key, allowed }, ...where });
    else report({ messageId: 'unknownTopLevelKeyFileIgnoredDidYouMean', data: { clause, key: entry.key, allowed, suggestion }, ...where });
  }
}

function checkFields(
  object: SourceObject,
  fields: readonly (readonly [string, FieldType])[],
  format: ConfigFormat,
  text: string,
  invalidates: SourceObject | undefined,
  report: (problem: FieldProblem, key: string, where: Where, type: FieldType) => void,
): void {
  for (const [key, type] of fields) {
    const entry = setField(object, key);
    if (entry === undefined) continue;
    const problem = checkField(key, entry.value, type, format, text);
    if (problem !== null) report(problem, key, { pos: entry.value.pos, ...(invalidates ? { invalidates } : {}) }, type);
  }
}
