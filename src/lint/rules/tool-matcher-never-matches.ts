import type { DialectConfigSpec } from '../../config/config-spec.js';
import type { GroupDeclaration } from '../../config/declarations.js';
import { createRule, type RuleReport } from '../rule.js';

const NEVER = 'so it matches no tool and this hook never runs';
const SYNTAX = 'matcher {{name}} is permission-rule syntax, but matchers are compared with tool names';

/**
 * Tool-event matchers real repositories write that can never match (issue 23): an event name
 * (`"Stop"` on PostToolUse), permission-rule syntax (`"Bash(git commit*)"`), a built-in tool in the
 * wrong case (`"bash"`), another agent's tool name (`"terminal"` in claude). Each is a silent no-op.
 */
export const toolMatcherNeverMatches = createRule({
  id: 'tool-matcher-never-matches',
  severity: 'error',
  // The agent skips such a hook silently: loading config warns and runs the rest.
  loadSeverity: 'warning',
  description: 'a tool matcher that can never match: an event name, permission-rule syntax, a wrong-case, foreign or removed tool name',
  atLoad: true,
  messages: {
    // {{name}} quoted; {{event}} the event the matcher is under.
    eventName:
      `matcher {{name}} is an event name, but {{event}} matchers are compared with tool names, ${NEVER}; ` +
      'declare it under "hooks.{{bare}}"',
    permissionRule: `${SYNTAX}, ${NEVER}; write "matcher": "{{tool}}"`,
    permissionRuleIf: `${SYNTAX}, ${NEVER}; write "matcher": "{{tool}}" and "if": {{rule}} on the handler`,
    wrongCase: `matcher {{name}} is compared with tool names case-sensitively, ${NEVER}; the tool is "{{tool}}"`,
    otherAgent: `matcher {{name}} is a tool name of {{agent}}, not of {{dialect}}, ${NEVER}; {{dialect}} calls it "{{tool}}"`,
    // An info note: the hook runs, but the name is the old one and payloads carry the new one.
    legacyName:
      'matcher {{name}} uses "{{old}}", the old name of the {{tool}} tool: {{agent}} still matches it against {{tool}} calls, ' +
      'whose payloads say "tool_name": "{{tool}}"; write "{{tool}}"',
    // Issue 39: one alternative of a matcher that matches other tools names another agent's tool, and
    // this agent's own is not in the matcher: its calls of that kind bypass the hook.
    foreignAlternative:
      'matcher {{matcher}} names {{name}}, a tool of {{agent}}, not of {{dialect}}, and not "{{tool}}", which {{dialect}} calls it: ' +
      'its {{tool}} calls bypass this hook; add "{{tool}}"',
    // A warning when it is the only name (the hook never runs); an info note beside names that match.
    removed: `matcher {{name}} names "{{old}}", a tool {{agent}} no longer has, so {{effect}}; its work comes as "{{tool}}"`,
  },
  check({ spec, checked, report }) {
    for (const event of checked.declarations.events) {
      if (event.spec?.matcherField !== 'tool_name') continue;
      for (const group of event.groups) {
        const problem = neverMatching(spec, group) ?? renamed(spec, group);
        const pos = group.matcher?.value.pos;
        if (problem !== null) report({ ...problem, pos: pos! } as RuleReport<typeof toolMatcherNeverMatches.meta.messages>);
        else for (const foreign of foreignAlternatives(spec, group)) report({ messageId: 'foreignAlternative', data: foreign, pos: pos! });
      }
    }
  },
});

type Problem = Omit<RuleReport<typeof toolMatcherNeverMatches.meta.messages>, 'pos'>;

/** The first reason the group's matcher can match no tool, or null. */
function neverMatching(spec: DialectConfigSpec, group: GroupDeclaration): Problem | null {
  const value = group.matcher?.value;
  if (value?.kind !== 'scalar' || typeof value.value !== 'string') return null;
  const source = value.value.trim();
  const rule = /^([A-Za-z][\w-]*)\((.*)\)$/s.exec(source);
  if (rule !== null) {
    const data = { name: JSON.stringify(source), tool: rule[1]! };
    // Only where the agent evaluates a permission-rule filter on this event (claude `if`).
    const condition = spec.lint?.conditionField;
    if (condition?.events.has(group.event.name)) return { messageId: 'permissionRuleIf', data: { ...data, rule: JSON.stringify(source) } };
    return { messageId: 'permissionRule', data };
  }
  const matcher = group.compiled?.ok ? group.compiled.matcher : null;
  const regex = matcher?.kind === 'regex';
  const names = matcher?.kind === 'exact' ? (matcher.names ?? []) : regex ? wordAlternatives(matcher.source) : [];
  const { tools = [], legacy = {}, removed = {} } = spec.lint?.toolNames ?? {};
  for (const name of names) {
    if (tools.includes(name) || Object.hasOwn(legacy, name) || Object.hasOwn(removed, name)) continue;
    // An unanchored regex of plain words (gemini `"Write"`) matches any tool whose name contains one.
    if (regex && tools.some((tool) => tool.includes(name))) continue;
    const quoted = JSON.stringify(name);
    if (spec.events.some((candidate) => candidate.name === name))
      return { messageId: 'eventName', data: { name: quoted, event: group.event.name, bare: name } };
    const cased = tools.find((tool) => tool.toLowerCase() === name.toLowerCase());
    if (cased !== undefined) return { messageId: 'wrongCase', data: { name: quoted, tool: cased } };
    const foreign = foreignTool(spec, name);
    // Beside a name that matches one of this agent's tools, foreignAlternatives says what is missing.
    if (foreign !== undefined && !names.some((other) => matchesOwnTool(other, tools, regex)))
      return { messageId: 'otherAgent', data: { name: quoted, agent: foreign.agent, dialect: spec.dialect, tool: foreign.instead } };
  }
  return null;
}

/** Whose tool `name` is and what this agent calls it, from the cross-agent concordance the registry passes in. */
function foreignTool(spec: DialectConfigSpec, name: string): { agent: string; instead: string } | undefined {
  const { equivalents = {} } = spec.lint?.toolNames ?? {};
  return Object.hasOwn(equivalents, name) ? equivalents[name] : undefined;
}

function matchesOwnTool(name: string, tools: readonly string[], regex: boolean): boolean {
  return tools.includes(name) || (regex && tools.some((tool) => tool.includes(name)));
}

/**
 * Each alternative of a matcher that names another agent's tool, where this agent's name for it is
 * not among the alternatives (issue 39: `write_file|replace_file_content` on Gemini never sees
 * `replace`). Only matchers some alternative of which matches a tool here: one that matches none is
 * neverMatching's.
 */
function foreignAlternatives(
  spec: DialectConfigSpec,
  group: GroupDeclaration,
): { matcher: string; name: string; agent: string; dialect: string; tool: string }[] {
  const matcher = group.compiled?.ok ? group.compiled.matcher : null;
  const regex = matcher?.kind === 'regex';
  const names = matcher?.kind === 'exact' ? (matcher.names ?? []) : regex ? wordAlternatives(matcher.source) : [];
  const tools = spec.lint?.toolNames?.tools ?? [];
  if (!names.some((name) => matchesOwnTool(name, tools, regex))) return [];
  const text = JSON.stringify((group.matcher!.value as { value: string }).value.trim());
  return names.flatMap((name) => {
    if (matchesOwnTool(name, tools, regex)) return [];
    const foreign = foreignTool(spec, name);
    if (foreign === undefined) return [];
    const missing = foreign.instead.split('|').filter((tool) => !names.some((other) => other === tool || (regex && tool.includes(other))));
    // Every tool of this agent that does the work is already in the matcher: the foreign name is harmless.
    if (missing.length < foreign.instead.split('|').length) return [];
    return [{ matcher: text, name: JSON.stringify(name), agent: foreign.agent, dialect: spec.dialect, tool: foreign.instead }];
  });
}

/**
 * The words of a regex matcher that is only words and `|` (`Bash|Write`): where the agent tests
 * tool names with an unanchored regex, each word matches the tools containing it. Else none.
 */
function wordAlternatives(source: string | null): string[] {
  return source !== null && /^[A-Za-z0-9_-]+(\|[A-Za-z0-9_-]+)*$/.test(source) ? source.split('|') : [];
}

/**
 * A legacy name the agent still maps to the current tool (an info note), or a tool the agent no
 * longer has: a warning when no other name of the matcher can match, else an info note.
 */
function renamed(spec: DialectConfigSpec, group: GroupDeclaration): Problem | null {
  const matcher = group.compiled?.ok ? group.compiled.matcher : null;
  if (matcher?.kind !== 'exact') return null;
  const { legacy = {}, removed = {} } = spec.lint?.toolNames ?? {};
  const name = JSON.stringify((group.matcher!.value as { value: string }).value.trim());
  const names = matcher.names ?? [];
  const gone = names.find((candidate) => Object.hasOwn(removed, candidate));
  if (gone !== undefined) {
    const { agent, instead } = removed[gone]!;
    const alone = names.every((candidate) => Object.hasOwn(removed, candidate));
    const effect = alone ? 'it matches no tool and this hook never runs' : 'that name matches nothing';
    return {
      messageId: 'removed',
      data: { name, old: gone, agent, effect, tool: instead },
      ...(alone ? {} : { severity: 'info' as const }),
    };
  }
  const old = names.find((candidate) => Object.hasOwn(legacy, candidate));
  if (old === undefined) return null;
  const { tool, agent } = legacy[old]!;
  return { messageId: 'legacyName', data: { name, old, tool, agent }, severity: 'info' };
}
