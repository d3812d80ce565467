import { describe, expect, it } from 'vitest';
import { commandScript, scriptPathOf } from '../../src/config/command-script.js';

describe('scriptPathOf', () => {
  it.each([
    ['./x.sh', './x.sh'],
    ['./x.sh --flag arg', './x.sh'],
    ['scripts/guard.sh', 'scripts/guard.sh'],
    ['/opt/hooks/x.sh', '/opt/hooks/x.sh'],
    ['python3 .openinterpreter/hooks/gate.py', '.openinterpreter/hooks/gate.py'],
    ['python3.12 -u gate.py', 'gate.py'],
    ['node scripts/a.mjs', 'scripts/a.mjs'],
    ['bash x.sh', 'x.sh'],
    ['/usr/bin/env python3 x.py', 'x.py'],
    ['env -i FOO=1 node a.js', 'a.js'],
    ['FOO=1 BAR=2 ./run.sh', './run.sh'],
    ['exec ./run.sh', './run.sh'],
    ['deno run --allow-read x.ts', 'x.ts'],
    ['npx -y tsx scripts/a.ts', 'scripts/a.ts'],
    ['"./my script.sh" arg', './my script.sh'],
    ["'./q.sh'", './q.sh'],
    ['./a.sh && ./b.sh', './a.sh'],
    ['./a.sh | tee log', './a.sh'],
    ['./a.sh < input.json', './a.sh'],
  ])('%j runs %j', (command, script) => {
    expect(scriptPathOf(command)).toBe(script);
  });

  it.each([
    'audit-logger',
    'echo hello',
    'python3 -c "print(1)"',
    'node -e "1"',
    'python3 -m mypkg.hook',
    '$HOME/bin/x.sh',
    '"$HOOK_DIR/x.sh"',
    'bash',
    '',
    'npx some-package',
  ])('%j runs no nameable script', (command) => {
    expect(scriptPathOf(command)).toBeNull();
  });
});

describe('commandScript', () => {
  it('tells a directly executed script from one an interpreter reads', () => {
    expect(commandScript('./x.sh')).toEqual({ path: './x.sh', direct: true });
    expect(commandScript('sh ./x.sh')).toEqual({ path: './x.sh', direct: false });
  });
});
