import { describe, expect, it } from 'vitest';
import { compileMatcher } from '../../src/config/compile-matcher.js';
import type { CompiledMatcher } from '../../src/kit/handler-record.js';
import { canonicalJson, snakeCaseEvent } from '../../src/trust/hash.js';
import { definitionHash, hookDefinition } from '../../src/dialects/codex/definition.js';
import { loadConfig } from '../../src/dialects/openinterpreter/load-config.js';
import { makeHandler } from '../helpers/factories.js';
import { makeTempProject } from '../helpers/temp-project.js';

function matcher(source: string): CompiledMatcher {
  const compiled = compileMatcher(source, 'exact-list-or-regex');
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.matcher;
}

describe('definitionHash (SPEC 2.7)', () => {
  it('reproduces the Codex test vector', () => {
    const handler = makeHandler({ event: 'PreToolUse', command: 'echo hello', matcher: matcher('^Bash$') });
    expect(canonicalJson(hookDefinition(handler))).toBe(
      '{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"echo hello","timeout":600,"type":"command"}],"matcher":"^Bash$"}',
    );
    expect(definitionHash(handler)).toBe('sha256:63b52e87a8a4caef01cc989b31ad95ce5f4d3470c9a00e8407847e469cd1b31f');
  });

  it.each([
    ['statusMessage only when set', { statusMessage: 'checking' }, '"statusMessage":"checking"'],
    ['onFailure only when abort', { onFailure: 'abort' as const }, '"onFailure":"abort"'],
    ['timeout in seconds', { timeoutMs: 5000 }, '"timeout":5'],
    ['async always', { async: true }, '"async":true'],
  ])('writes %s', (_name, overrides, fragment) => {
    expect(canonicalJson(hookDefinition(makeHandler(overrides)))).toContain(fragment);
  });

  it('leaves out unset statusMessage, onFailure "continue" and an absent matcher', () => {
    const text = canonicalJson(hookDefinition(makeHandler({ onFailure: 'continue' })));
    expect(text).not.toMatch(/statusMessage|onFailure|matcher/);
  });

  it.each(['UserPromptSubmit', 'Stop'])('omits the matcher on %s, which ignores matchers', (event) => {
    const withMatcher = makeHandler({ event, matcher: matcher('Bash') });
    expect(hookDefinition(withMatcher)).not.toHaveProperty('matcher');
    expect(definitionHash(withMatcher)).toBe(definitionHash(makeHandler({ event })));
  });

  it('keeps an empty matcher, which is present though it matches everything', () => {
    expect(hookDefinition(makeHandler({ matcher: matcher('') }))).toHaveProperty('matcher', '');
  });

  it('does not include the id, the file or the position', () => {
    const a = makeHandler({ id: 'guard', explicitId: true, file: '/a/hooks.json', position: { group: 3, handler: 1 } });
    expect(definitionHash(a)).toBe(definitionHash(makeHandler()));
  });

  it.each([
    ['command', { command: './other.sh' }],
    ['timeout', { timeoutMs: 30_000 }],
    ['matcher', { matcher: matcher('Bash') }],
    ['async', { async: true }],
    ['statusMessage', { statusMessage: 'hi' }],
    ['onFailure', { onFailure: 'abort' as const }],
    ['event', { event: 'PostToolUse' }],
  ])('changes when the %s changes', (_field, overrides) => {
    expect(definitionHash(makeHandler(overrides))).not.toBe(definitionHash(makeHandler()));
  });
});

describe('snakeCaseEvent', () => {
  it.each([
    ['PreToolUse', 'pre_tool_use'],
    ['UserPromptSubmit', 'user_prompt_submit'],
    ['SessionStart', 'session_start'],
    ['Stop', 'stop'],
  ])('%s → %s', (event, snake) => expect(snakeCaseEvent(event)).toBe(snake));
});

describe('canonicalJson', () => {
  it('sorts keys recursively and writes no whitespace', () => {
    expect(canonicalJson({ b: [{ z: 1, a: 'x y' }], a: null })).toBe('{"a":null,"b":[{"a":"x y","z":1}]}');
  });
});

describe('definitionHash across declaration formats', () => {
  it('is the same for a hook declared in hooks.json and in config.toml', async () => {
    const sandbox = makeTempProject();
    sandbox.write(
      'home/.openinterpreter/hooks.json',
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { matcher: '^Bash$', hooks: [{ type: 'command', command: 'echo hello', id: 'from-json', statusMessage: 'hi', timeout: 30 }] },
          ],
        },
      }),
    );
    sandbox.write(
      'project/.openinterpreter/config.toml',
      `[[hooks.PreToolUse]]
matcher = "^Bash$"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "echo hello"
id = "from-toml"
statusMessage = "hi"
timeout = 30
`,
    );
    const config = await loadConfig({ cwd: sandbox.project, home: sandbox.home, env: {}, managedConfigPath: `${sandbox.root}/none.toml` });
    expect(config.handlers.map((handler) => handler.id)).toEqual(['from-json', 'from-toml']);
    const [json, toml] = config.handlers.map(definitionHash);
    expect(json).toBe(toml);
  });
});
