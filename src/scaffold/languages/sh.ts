import type { Language, ScaffoldModel } from '../model.js';

/** A single-quoted POSIX shell word. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

const JQ_FIELD = '.[$k] // empty | if type == "string" then . else tojson end';

// One-line readers of the payload, for machines without jq: python3 or node, whichever is there.
// Each reads the payload on stdin (never as an argument: a tool result can pass ARG_MAX).
const PY_IS_OBJECT = `import json,sys; sys.exit(0 if isinstance(json.load(sys.stdin), dict) else 1)`;
const PY_FIELD =
  'import json,sys; v=json.load(sys.stdin).get(sys.argv[1]); ' +
  'print("" if v is None or v is False else v if isinstance(v, str) else json.dumps(v))';
const NODE_READ = 'let s="";process.stdin.on("data",(d)=>{s+=d}).on("end",()=>{const p=JSON.parse(s);';
const NODE_IS_OBJECT = `${NODE_READ}process.exit(p!==null&&typeof p==="object"&&!Array.isArray(p)?0:1)})`;
const NODE_FIELD =
  `${NODE_READ}const v=p[process.argv[1]];` +
  'if(v!=null&&v!==false)process.stdout.write((typeof v==="string"?v:JSON.stringify(v))+"\\n")})';

/**
 * What the script does when no reader is installed. On a guard event it refuses (exit 2 blocks the
 * action): a guard that cannot read the call must not let it through. Elsewhere it stays a no-op.
 */
function withoutReader(model: ScaffoldModel): string[] {
  if (!model.guard) return ['  payload_is_object() { :; }', '  payload_field() { :; }'];
  return [
    '  # A guard that cannot read the call must not let it through: exit 2 blocks it, naming what is missing.',
    `  echo "$0: cannot read the ${model.event} payload: install jq (or python3 or node)" >&2`,
    '  exit 2',
  ];
}

/** POSIX sh; reads the payload with jq, python3 or node, whichever is installed. */
export const shell: Language = {
  id: 'sh',
  extension: 'sh',
  comment: '#',
  command: (path) => `sh ${path}`,
  note:
    'Runs with POSIX sh. It reads the payload with jq, else python3, else node; with none of them a guard ' +
    'event (one whose exit 2 blocks) refuses with exit 2, and any other event runs as a no-op.',
  exampleCode(example) {
    const lines: string[] = [];
    if (example.stdout) lines.push(`printf '%s\\n' ${shellQuote(JSON.stringify(example.stdout))}`);
    if (example.stdoutText !== undefined) lines.push(`printf '%s\\n' ${shellQuote(example.stdoutText)}`);
    if (example.stderr) lines.push(`echo ${shellQuote(example.stderr)} >&2`);
    lines.push(`exit ${example.exitCode}`);
    return lines;
  },
  values(model) {
    const reads = model.keyFields.map((name) => `${name}=$(payload_field ${name})`);
    return {
      fields: [
        'if command -v jq >/dev/null 2>&1; then',
        `  payload_is_object() { printf '%s\\n' "$payload" | jq -e 'type == "object"' >/dev/null; }`,
        `  payload_field() { printf '%s\\n' "$payload" | jq -r --arg k "$1" ${shellQuote(JQ_FIELD)}; }`,
        'elif command -v python3 >/dev/null 2>&1; then',
        `  payload_is_object() { printf '%s\\n' "$payload" | python3 -c ${shellQuote(PY_IS_OBJECT)} 2>/dev/null; }`,
        `  payload_field() { printf '%s\\n' "$payload" | python3 -c ${shellQuote(PY_FIELD)} "$1"; }`,
        'elif command -v node >/dev/null 2>&1; then',
        `  payload_is_object() { printf '%s\\n' "$payload" | node -e ${shellQuote(NODE_IS_OBJECT)} 2>/dev/null; }`,
        `  payload_field() { printf '%s\\n' "$payload" | node -e ${shellQuote(NODE_FIELD)} "$1"; }`,
        'else',
        ...withoutReader(model),
        'fi',
        '# A malformed payload fails the hook here (exit 1).',
        'payload_is_object || exit 1',
        ...reads,
      ].join('\n'),
    };
  },
};
