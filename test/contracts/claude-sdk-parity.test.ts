// hookctl's claude types against Claude's own: the Claude Agent SDK (a devDependency pinned to the
// version that matches the pinned Claude Code) ships the hook input/output types and the built-in
// tools' input types. Every event's input and output and every tool's input is compared field by
// field through the TypeScript checker; a difference that is not on the short allow-list (each one
// explained in docs/claude.md) fails the test and is listed. After `npm run agents:bump` this test is
// the list of what changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES, validateOutput, validateToolInput } from '../../src/dialects/claude/public.js';
import { CLAUDE_TOOL_INPUTS, toolFileStem } from '../../src/dialects/claude/tool-inputs.js';
import { ALLOWED_DIFFERENCES, matches } from './claude-sdk-parity/allow-list.js';
import { compareShapes } from './claude-sdk-parity/compare.js';
import { listDifferences } from './claude-sdk-parity/parity.js';
import { openTypeReader, type TypeReader } from './claude-sdk-parity/shapes.js';
import { toolInputSchema } from './claude-sdk-parity/tool-schemas.js';

const root = new URL('../../', import.meta.url);

/** Whether version `a` is `b` or newer (dotted numbers). */
function newer(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return (x![i] ?? 0) > (y![i] ?? 0);
  return true;
}
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

describe('claude types equal the Claude Agent SDK', () => {
  let reader: TypeReader;
  let differences: string[];

  beforeAll(() => {
    if (process.env.HOOKCTL_WRITE_TOOL_SCHEMAS === '1') writeToolSchemas();
    reader = openTypeReader();
    differences = listDifferences(reader);
  }, 120_000);
  afterAll(() => reader?.close());

  it('pins the SDK that matches the pinned Claude Code, both exactly', () => {
    const pkg = readJson('package.json');
    const sdk = readJson('node_modules/@anthropic-ai/claude-agent-sdk/package.json');
    const claude = readJson('node_modules/@anthropic-ai/claude-code/package.json');
    expect(pkg.devDependencies['@anthropic-ai/claude-agent-sdk']).toBe(sdk.version);
    expect(pkg.devDependencies['@anthropic-ai/claude-code']).toBe(claude.version);
    // The SDK ships its own native Claude Code (its platform package) and may be built for a newer one
    // than the newest @anthropic-ai/claude-code (0.3.336 for 2.1.336 while 2.1.332 is the newest CLI):
    // never an older one, and never one other than the binary it ships.
    expect(newer(sdk.claudeCodeVersion, claude.version), `the SDK is built for Claude Code ${sdk.claudeCodeVersion}`).toBe(true);
    const platform = readJson(`node_modules/@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}/package.json`);
    expect(platform.version, 'the SDK platform package with its native Claude Code').toBe(sdk.version);
  });

  it('has no difference that is not on the allow-list', () => {
    const unexplained = differences.filter((line) => !ALLOWED_DIFFERENCES.some((a) => matches(a.pattern, line)));
    expect(unexplained, `fix schema/claude/ (then npm run generate) or allow-list with a reason:\n${unexplained.join('\n')}`).toEqual([]);
  });

  it('allows only differences that still exist', () => {
    const stale = ALLOWED_DIFFERENCES.filter((a) => !differences.some((line) => matches(a.pattern, line))).map((a) => a.pattern);
    expect(stale, 'these allow-list entries match no difference any more: remove them (and their docs/claude.md lines)').toEqual([]);
  });

  it('explains every allowed difference in docs/claude.md', () => {
    const docs = readFileSync(new URL('docs/claude.md', root), 'utf8');
    const undocumented = ALLOWED_DIFFERENCES.filter((a) => !docs.includes(`\`${a.pattern}\``)).map((a) => a.pattern);
    expect(undocumented).toEqual([]);
  });

  it('finds a difference when there is one (the comparison is not vacuous)', () => {
    // Sanity: a field the SDK has on one event and not on another must show up as a difference.
    const sdkOnly = listDifferencesBetween(reader, 'PreToolUseHookInput', 'StopInput');
    expect(sdkOnly).toContain('probe: tool_name: missing in hookctl (SDK: string)');
    expect(sdkOnly).toContain('probe: hook_event_name: values missing in hookctl: "PreToolUse"');
  });
});

/** Rewrites schema/claude/tools/ from the SDK (then `npm run generate`); see docs/claude.md § Bumping the agents. */
function writeToolSchemas(): void {
  const documented = openTypeReader({ docs: true });
  try {
    const version = readJson('node_modules/@anthropic-ai/claude-agent-sdk/package.json').version as string;
    mkdirSync(new URL('schema/claude/tools/', root), { recursive: true });
    for (const [tool, entry] of Object.entries(CLAUDE_TOOL_INPUTS)) {
      const shape = documented.read('tools', entry.sdkType);
      if (shape === null) throw new Error(`the SDK no longer exports ${entry.sdkType}`);
      const file = new URL(`schema/claude/tools/${toolFileStem(tool)}.input.json`, root);
      writeFileSync(file, `${JSON.stringify(toolInputSchema(tool, entry, shape, version), null, 2)}\n`);
    }
  } finally {
    documented.close();
  }
}

function listDifferencesBetween(reader: TypeReader, sdkType: string, ourType: string): string[] {
  const sdk = reader.read('sdk', sdkType);
  const ours = reader.read('ours', ourType);
  if (sdk === null || ours === null) throw new Error(`${sdkType} or ${ourType} is not exported`);
  return compareShapes('probe', sdk, ours);
}

describe('claude outputs accept what the SDK types allow', () => {
  it.each(EVENT_NAMES)('%s accepts the async acknowledgement {async: true, asyncTimeout}', (event) => {
    expect(validateOutput(event, { async: true, asyncTimeout: 30_000 }).ok).toBe(true);
  });

  it('PermissionRequest: deny cannot carry allow-only fields, and a typo is reported at its place only', () => {
    const deny = { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', updatedInput: {} } } };
    expect(validateOutput('PermissionRequest', deny).ok).toBe(false);
    const typo = {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'plan', destination: 'session', rules: [] }] },
      },
    };
    const result = validateOutput('PermissionRequest', typo);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const paths = result.errors.map((e) => e.path);
      expect(paths).toEqual(['/hookSpecificOutput/decision/updatedPermissions/0/rules']);
      expect(result.errors[0]!.message).toMatch(/not allowed|unknown|additional/i);
    }
  });
});

describe('built-in tool inputs, from the SDK', () => {
  it.each(Object.entries(CLAUDE_TOOL_INPUTS))('%s: its schema file is the one the data export names', (tool, entry) => {
    const schema = readJson(`schema/claude/tools/${toolFileStem(tool)}.input.json`);
    expect(schema.$id).toBe(entry.schemaId);
    expect(schema.title).toBe(entry.type);
  });

  it('accepts the Bash input Claude sends and names the missing field of a broken one', () => {
    expect(validateToolInput('Bash', { command: 'npm test', description: 'Run the tests', timeout: 120_000 }).ok).toBe(true);
    const missing = validateToolInput('Bash', { description: 'no command' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors[0]).toEqual({ path: '', message: 'missing required property "command"' });
  });

  it('checks types and enums inside a tool input (Edit, Grep) and allows fields a newer Claude adds', () => {
    const edit = { file_path: '/repo/a.ts', old_string: 'a', new_string: 'b', replace_all: true, added_later: 1 };
    expect(validateToolInput('Edit', edit).ok).toBe(true);
    const wrongType = validateToolInput('Edit', { ...edit, replace_all: 'yes' });
    expect(wrongType.ok ? [] : wrongType.errors.map((e) => e.path)).toEqual(['/replace_all']);
    const badMode = validateToolInput('Grep', { pattern: 'TODO', output_mode: 'everything' });
    expect(badMode.ok ? [] : badMode.errors.map((e) => e.path)).toEqual(['/output_mode']);
  });

  it('refuses a tool it has no schema for, by name', () => {
    expect(() => validateToolInput('mcp__memory__read' as never, {})).toThrow(/mcp__memory__read is not a built-in Claude tool/);
  });
});
