#!/usr/bin/env node
// One PreToolUse guard for claude, codex, gemini (written by `hookctl scaffold --dialect claude,codex,gemini`).
// Registered in .claude/settings.json (PreToolUse), .codex/hooks.json (PreToolUse), .gemini/settings.json (BeforeTool).
// Each agent sends its own payload and names its tools its own way: AGENTS (hookctl's cross-agent table)
// tells them apart and says which tool_input field holds the command or file path.
// As written it allows every call. Edit decide(): a refusal is exit 2 with the reason on stderr,
// which each of these agents honours here (the reason goes to the model).
import { readFileSync } from 'node:fs';

const AGENTS = [
  {
    "agent": "claude",
    "event": "PreToolUse",
    "marker": null,
    "tools": {
      "shell": "Bash",
      "write": "Write",
      "edit": "Edit",
      "read": "Read"
    },
    "inputs": {
      "shell": "command",
      "write": "file_path",
      "edit": "file_path",
      "read": "file_path"
    }
  },
  {
    "agent": "codex",
    "event": "PreToolUse",
    "marker": "turn_id",
    "tools": {
      "shell": "Bash",
      "patch": "apply_patch"
    },
    "inputs": {
      "shell": "command",
      "patch": "command"
    }
  },
  {
    "agent": "gemini",
    "event": "BeforeTool",
    "marker": null,
    "tools": {
      "shell": "run_shell_command",
      "write": "write_file",
      "edit": "replace",
      "read": "read_file"
    },
    "inputs": {
      "shell": "command",
      "write": "file_path",
      "edit": "file_path",
      "read": "file_path"
    }
  }
];

/**
 * Your policy: the reason to refuse the call, or null to let it through. `tool` is the canonical tool
 * ("shell", "write", "edit", "read", "patch") or null for any other; `subject` its command or file path ('' when none).
 */
function decide({ agent, tool, toolName, subject, payload }) {
  if (tool === 'shell' && /\brm\s+-[a-zA-Z]*(rf|fr)/.test(subject)) return `refusing rm -rf in ${agent}: delete the paths you mean one by one`;
  if (tool === 'shell' && /\bgit\s+push\b.*\s(-f|--force)\b/.test(subject)) return 'a force push rewrites shared history: push a new commit instead';
  if ((tool === 'write' || tool === 'edit') && /(^|\/)\.env$/.test(subject)) return `${subject.split('/').pop()} holds secrets: edit it by hand`;
  return null;
}

/** The agent that sent the payload: its event name, and its marker field where agents share the name. */
function detectAgent(payload) {
  const candidates = AGENTS.filter((row) => row.event === payload.hook_event_name);
  return candidates.find((row) => row.marker !== null && Object.hasOwn(payload, row.marker)) ?? candidates.find((row) => row.marker === null) ?? null;
}

function refuse(reason) {
  process.stderr.write(`${reason}\n`);
  process.exit(2);
}

let payload;
try {
  payload = JSON.parse(readFileSync(0, 'utf8'));
} catch (error) {
  refuse(`cannot read the payload: ${error.message}`);
}
if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) refuse('cannot read the payload: not a JSON object');
// A guard that cannot tell what it is guarding must not let the call through.
const agent = detectAgent(payload);
if (agent === null) refuse(`cannot tell which agent sent this ${JSON.stringify(payload.hook_event_name)} payload (known: ${AGENTS.map((row) => `${row.agent} ${row.event}`).join(', ')})`);
const tool = Object.keys(agent.tools).find((canonical) => agent.tools[canonical] === payload.tool_name) ?? null;
const field = tool === null ? undefined : agent.inputs[tool];
const input = typeof payload.tool_input === 'object' && payload.tool_input !== null ? payload.tool_input : {};
const subject = field === undefined || input[field] === undefined ? '' : String(input[field]);
const reason = decide({ agent: agent.agent, tool, toolName: payload.tool_name, subject, payload });
if (reason !== null) refuse(reason);
