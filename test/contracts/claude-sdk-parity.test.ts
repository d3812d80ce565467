// hookctl's claude types against Claude's own: the Claude Agent SDK (a devDependency pinned to the
// version that matches the pinned Claude Code) ships the hook input/output types and the built-in
// tools' input types. Every event's input and output and every tool's input is compared field by
// field through the TypeScript checker; a difference that is not on the short allow-list (each one
// explained in docs/claude.md) fails the test and is listed. After `npm run agents:bump` this test is
// the list of what changed.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES, validateOutput } from '../../src/dialects/claude/public.js';
import { ALLOWED_DIFFERENCES, matches } from './claude-sdk-parity/allow-list.js';
import { compareShapes } from './claude-sdk-parity/compare.js';
import { listDifferences } from './claude-sdk-parity/parity.js';
import { openTypeReader, type TypeReader } from './claude-sdk-parity/shapes.js';

const root = new URL('../../', import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

describe('claude types equal the Claude Agent SDK', () => {
  let reader: TypeReader;
  let differences: string[];

  beforeAll(() => {
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
    expect(sdk.claudeCodeVersion, 'the SDK is built for another Claude Code; run `npm run agents:bump`').toBe(claude.version);
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
