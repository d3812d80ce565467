import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { eventFileStem } from '../contracts/schema-files.js';
import { FileWriteError, ScaffoldExistsError, UsageError } from '../errors.js';
import { exitTwoGuards, guardTools, type Dialect, type DialectConcordance, type RegistrationEntry } from '../kit/index.js';
import { unsafeWriteTarget } from '../util/safe-write.js';
import { didYouMean } from '../util/did-you-mean.js';
import { withLauncher } from './languages/guard-launcher.js';
import { LANGUAGES } from './languages/index.js';
import { configSnippet, planRegistration, stageRegistration, writeAtomically, type RegisterResult } from './registration.js';
import { PROJECT_RELATIVE } from './scaffold.js';

/** The canonical events one script can guard in several agents: a tool call, refused by exit 2. */
const MULTI_EVENTS = ['PreToolUse'];

export interface MultiGuardOptions {
  /** The agents the script serves, each with its row of the cross-agent table; the first's config dir holds the script. */
  dialects: readonly Dialect[];
  projectDir: string;
  /** The canonical event (`PreToolUse`) or any of the agents' names for it (`BeforeTool`). */
  event: string;
  lang: 'js' | 'py';
  name?: string;
  register?: boolean;
  force?: boolean;
}

export interface MultiGuardRegistration {
  dialect: string;
  /** The agent's name for the event. */
  event: string;
  command: string;
  commandNote: string;
  configFile: string;
  snippet: string;
  registration: RegisterResult | null;
}

export interface MultiGuardResult {
  file: string;
  path: string;
  agents: MultiGuardRegistration[];
}

interface AgentRow {
  agent: string;
  event: string;
  marker: string | null;
  tools: Readonly<Record<string, string>>;
  inputs: Readonly<Record<string, string>>;
}

/**
 * Writes one tool-gate script that serves several agents: it tells which agent sent the payload (its
 * event name, and a marker field where agents share the name), reads the tool's command or path
 * through the cross-agent table, and refuses with exit 2 and the reason on stderr, which each of
 * these agents honours on the event. As written it allows every call; with `register` it is added
 * to each agent's project config, the script and every config changing together or not at all.
 */
export function scaffoldMultiGuard(options: MultiGuardOptions): MultiGuardResult {
  const rows = options.dialects.map((dialect) => {
    const row = dialect.manifest.concordance;
    if (row?.inputs === undefined) throw new UsageError(`${dialect.id} has no row in the cross-agent table, so one script cannot serve it`);
    return { dialect, row };
  });
  const canonical = canonicalEvent(options.event, rows);
  for (const { dialect, row } of rows) {
    const event = row.events[canonical];
    // The dialect's event table says where exit 2 refuses the action (its one guard-event fact).
    if (event === undefined || !exitTwoGuards(dialect.manifest.events).has(event)) {
      throw new UsageError(`${dialect.id} does not refuse ${canonical} by exit 2, so one script cannot guard it there`);
    }
  }
  const language = LANGUAGES[options.lang];
  const name = options.name ?? eventFileStem(canonical);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    throw new UsageError(`--name "${name}" is not a plain file name (letters, digits, ".", "_", "-"; no path)`);
  }
  const path = `${rows[0]!.dialect.manifest.configDir}/hooks/${name}.${language.extension}`;
  const file = join(options.projectDir, path);
  const refused = unsafeWriteTarget(options.projectDir, file);
  if (refused !== null) throw new FileWriteError(path, refused, true);
  if (exists(file) && !options.force) throw new ScaffoldExistsError(path);
  const agents = rows.map(({ dialect, row }) => {
    const reference = dialect.scaffold.scriptReference;
    // Always a guard: started through sh, so a machine without node or python3 refuses rather than fails open.
    const command = (language.guardLauncher ?? language).command(reference ? reference.wrap(path, options.projectDir) : path);
    const entry: RegistrationEntry = { event: row.events[canonical]!, matcher: null, command, id: name };
    return { dialect, row, entry, commandNote: reference?.note ?? PROJECT_RELATIVE };
  });
  const plans = options.register ? agents.map(({ dialect, entry }) => planRegistration(dialect.scaffold, options.projectDir, entry)) : null;
  const table: AgentRow[] = agents.map(({ dialect, row, entry }) => ({
    agent: dialect.id,
    event: entry.event,
    marker: row.marker ?? null,
    tools: guardTools(row),
    inputs: row.inputs as Record<string, string>,
  }));
  const registered = agents.map(({ dialect, entry }) => `${dialect.scaffold.projectConfigFile} (${entry.event})`);
  const body = options.lang === 'js' ? javascript(table, canonical, registered) : python(table, canonical, registered);
  const script = language.guardLauncher ? withLauncher(body, language.guardLauncher) : body;
  const registrations = writeAtomically(options.projectDir, (change) => {
    change.stage(file, script, 0o755);
    return plans?.map((plan) => stageRegistration(change, plan)) ?? null;
  });
  return {
    file,
    path,
    agents: agents.map(({ dialect, entry, commandNote }, index) => ({
      dialect: dialect.id,
      event: entry.event,
      command: entry.command,
      commandNote,
      configFile: dialect.scaffold.projectConfigFile,
      snippet: configSnippet(dialect.scaffold, entry),
      registration: registrations?.[index] ?? null,
    })),
  };
}

function canonicalEvent(event: string, rows: readonly { dialect: Dialect; row: DialectConcordance }[]): string {
  if (MULTI_EVENTS.includes(event)) return event;
  for (const canonical of MULTI_EVENTS) if (rows.some(({ row }) => row.events[canonical] === event)) return canonical;
  const names = [
    ...new Set(rows.flatMap(({ row }) => MULTI_EVENTS.map((canonical) => row.events[canonical]).filter((n) => n !== undefined))),
  ];
  const guess = didYouMean(event, names);
  throw new UsageError(
    `one script for several agents guards tool calls only: ${event} is not ${names.join(' or ')}` +
      (guess ? `; did you mean ${guess}?` : ''),
  );
}

function canonicalTools(table: readonly AgentRow[]): string[] {
  return [...new Set(table.flatMap((row) => Object.keys(row.tools)))];
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function header(comment: string, canonical: string, table: readonly AgentRow[], registered: readonly string[]): string {
  const agents = table.map((row) => row.agent);
  return [
    `One ${canonical} guard for ${agents.join(', ')},`,
    `written by \`hookctl scaffold ${canonical} --dialect ${agents.join(',')}\`.`,
    `Registered in ${registered.join(', ')}.`,
    "Each agent sends its own payload and names its tools its own way: AGENTS (hookctl's cross-agent table)",
    'tells them apart and says which tool_input field holds the command or file path.',
    'As written it allows every call. Edit decide(): a refusal is exit 2 with the reason on stderr,',
    'which each of these agents honours here (the reason goes to the model).',
  ]
    .map((line) => `${comment} ${line}`)
    .join('\n');
}

function javascript(table: readonly AgentRow[], canonical: string, registered: readonly string[]): string {
  return `#!/usr/bin/env node
${header('//', canonical, table, registered)}
import { readFileSync } from 'node:fs';

const AGENTS = ${JSON.stringify(table, null, 2)};

/**
 * Your policy: the reason to refuse the call, or null to let it through. \`tool\` is the canonical tool
 * (${canonicalTools(table)
   .map((tool) => `"${tool}"`)
   .join(', ')}) or null for any other;
 * \`subject\` its command or file path ('' when none).
 */
function decide({ agent, tool, toolName, subject, payload }) {
  // --- example: refuse rm -rf ---
  // if (tool === 'shell' && /\\brm\\s+-[a-zA-Z]*(rf|fr)/.test(subject)) return 'refusing rm -rf: delete the paths you mean one by one';
  // --- end example ---
  return null;
}

/** The agent that sent the payload: its event name, and its marker field where agents share the name. */
function detectAgent(payload) {
  const candidates = AGENTS.filter((row) => row.event === payload.hook_event_name);
  const marked = candidates.find((row) => row.marker !== null && Object.hasOwn(payload, row.marker));
  return marked ?? candidates.find((row) => row.marker === null) ?? null;
}

function refuse(reason) {
  process.stderr.write(\`\${reason}\\n\`);
  process.exit(2);
}

let payload;
try {
  payload = JSON.parse(readFileSync(0, 'utf8'));
} catch (error) {
  refuse(\`cannot read the payload: \${error.message}\`);
}
if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) refuse('cannot read the payload: not a JSON object');
// A guard that cannot tell what it is guarding must not let the call through.
const agent = detectAgent(payload);
if (agent === null) {
  const known = AGENTS.map((row) => \`\${row.agent} \${row.event}\`).join(', ');
  refuse(\`cannot tell which agent sent this \${JSON.stringify(payload.hook_event_name)} payload (known: \${known})\`);
}
const tool = Object.keys(agent.tools).find((canonical) => agent.tools[canonical] === payload.tool_name) ?? null;
const field = tool === null ? undefined : agent.inputs[tool];
const input = typeof payload.tool_input === 'object' && payload.tool_input !== null ? payload.tool_input : {};
const subject = field === undefined || input[field] === undefined ? '' : String(input[field]);
const reason = decide({ agent: agent.agent, tool, toolName: payload.tool_name, subject, payload });
if (reason !== null) refuse(reason);
`;
}

function python(table: readonly AgentRow[], canonical: string, registered: readonly string[]): string {
  return `#!/usr/bin/env python3
${header('#', canonical, table, registered)}
import json
import re
import sys
from typing import Any, Dict, Optional

AGENTS = json.loads(r"""${JSON.stringify(table)}""")


def decide(agent: str, tool: Optional[str], tool_name: Any, subject: str, payload: Dict[str, Any]) -> Optional[str]:
    """Your policy: the reason to refuse the call, or None to let it through.

    \`tool\` is the canonical tool (${canonicalTools(table).join(', ')}) or None for any other;
    \`subject\` its command or file path ('' when none).
    """
    # --- example: refuse rm -rf ---
    # if tool == "shell" and re.search(r"\\brm\\s+-[a-zA-Z]*(rf|fr)", subject):
    #     return "refusing rm -rf: delete the paths you mean one by one"
    # --- end example ---
    return None


def detect_agent(payload: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """The agent that sent the payload: its event name, and its marker field where agents share the name."""
    candidates = [row for row in AGENTS if row["event"] == payload.get("hook_event_name")]
    for row in candidates:
        if row["marker"] is not None and row["marker"] in payload:
            return row
    for row in candidates:
        if row["marker"] is None:
            return row
    return None


def refuse(reason: str) -> None:
    sys.stderr.write(reason + "\\n")
    sys.exit(2)


def main() -> None:
    try:
        payload = json.load(sys.stdin)
    except ValueError as error:
        refuse("cannot read the payload: %s" % error)
        return
    if not isinstance(payload, dict):
        refuse("cannot read the payload: not a JSON object")
        return
    # A guard that cannot tell what it is guarding must not let the call through.
    agent = detect_agent(payload)
    if agent is None:
        known = ", ".join("%s %s" % (row["agent"], row["event"]) for row in AGENTS)
        refuse("cannot tell which agent sent this %s payload (known: %s)" % (json.dumps(payload.get("hook_event_name")), known))
        return
    tool = next((canonical for canonical, name in agent["tools"].items() if name == payload.get("tool_name")), None)
    field = agent["inputs"].get(tool) if tool is not None else None
    tool_input = payload.get("tool_input")
    value = tool_input.get(field) if isinstance(tool_input, dict) and field is not None else None
    subject = "" if value is None else str(value)
    reason = decide(agent["agent"], tool, payload.get("tool_name"), subject, payload)
    if reason is not None:
        refuse(reason)


if __name__ == "__main__":
    main()
`;
}
