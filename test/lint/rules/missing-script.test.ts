import { describe, expect, it } from 'vitest';
import { findingsOf, OCTO_YAML, OI_JSON, OI_TOML } from './lint-fixture.js';

describe('missing-script', () => {
  it.each([
    ['JSON', OI_JSON, '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "python3 .openinterpreter/hooks/gate.py" }] }]\n  }\n}\n', 3, 58, '.openinterpreter/hooks/gate.py'],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - command: ./scripts/gaurd.sh --strict\n', 3, 16, './scripts/gaurd.sh'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "node scripts/notify.mjs"\n', 4, 11, 'scripts/notify.mjs'],
  ])('reports a relative script that does not exist in %s', async (_format, path, content, line, column, script) => {
    const findings = await findingsOf('missing-script', [{ path, content }, { path: 'project/scripts/guard.sh', content: '#!/bin/sh\n', executable: true }]);
    expect(findings).toEqual([[line, column, expect.stringMatching(new RegExp(`^the command runs "${script.replace(/[.]/g, '\\.')}", which does not exist \\(looked for /.*/project/${script.replace(/^\.\//, '').replace(/[.]/g, '\\.')}\\)`))]]);
  });

  it('suggests a file with a nearby name', async () => {
    const findings = await findingsOf('missing-script', [
      { path: OCTO_YAML, content: 'hooks:\n  PreToolUse:\n    - command: ./scripts/gaurd.sh\n' },
      { path: 'project/scripts/guard.sh', content: '#!/bin/sh\n', executable: true },
    ]);
    expect(findings[0]![2]).toMatch(/; did you mean "scripts\/guard\.sh"\?$/);
  });

  it('reports every handler that runs the same missing script', async () => {
    const findings = await findingsOf('missing-script', [
      { path: OCTO_YAML, content: 'hooks:\n  PreToolUse:\n    - command: ./scripts/gaurd.sh\n  PostToolUse:\n    - command: ./scripts/gaurd.sh --after\n' },
      { path: 'project/scripts/guard.sh', content: '#!/bin/sh\n', executable: true },
    ]);
    expect(findings).toEqual([
      [3, 16, expect.stringMatching(/did you mean "scripts\/guard\.sh"\?$/)],
      [5, 16, expect.stringMatching(/did you mean "scripts\/guard\.sh"\?$/)],
    ]);
  });

  it.each([
    ['JSON', OI_JSON, '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "python3 .openinterpreter/hooks/gate.py" }] }] } }'],
    ['YAML', OCTO_YAML, 'hooks:\n  PreToolUse:\n    - command: ./scripts/guard.sh\n    - command: audit-logger --json\n    - command: /usr/local/bin/not-checked.sh\n'],
    ['TOML', OI_TOML, '[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "sh scripts/guard.sh"\n'],
  ])('accepts scripts that exist and programs on PATH in %s', async (_format, path, content) => {
    const findings = await findingsOf('missing-script', [
      { path, content },
      { path: 'project/scripts/guard.sh', content: '#!/bin/sh\n', executable: true },
      { path: 'project/.openinterpreter/hooks/gate.py', content: 'print()\n' },
    ]);
    expect(findings).toEqual([]);
  });

  it('resolves ${PLUGIN_ROOT} in plugin commands inside the plugin', async () => {
    const plugin = 'home/.openinterpreter/plugins/guard';
    const content = '{ "hooks": { "Stop": [{ "hooks": [{ "type": "command", "command": "${PLUGIN_ROOT}/bin/check.sh" }] }] } }';
    const missing = await findingsOf('missing-script', [{ path: `${plugin}/hooks/hooks.json`, content }]);
    expect(missing).toEqual([[1, 67, expect.stringMatching(/^the command runs "\/.*\/plugins\/guard\/bin\/check\.sh", which does not exist/)]]);
    const present = await findingsOf('missing-script', [
      { path: `${plugin}/hooks/hooks.json`, content },
      { path: `${plugin}/bin/check.sh`, content: '#!/bin/sh\n', executable: true },
    ]);
    expect(present).toEqual([]);
  });
});
