import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HandlerRecord } from '../../../src/config/handler-record.js';
import { trust } from '../../../src/dialects/octo/trust.js';
import { UsageError } from '../../../src/errors.js';
import type { TrustContext } from '../../../src/trust/authority.js';
import { sha256 } from '../../../src/trust/hash.js';
import { setHooksEnabled, trustHooks, untrustHooks } from '../../../src/trust/operations.js';
import { projectTrustStorePath } from '../../../src/trust/project-store.js';
import { makeHandler } from '../../helpers/factories.js';
import { makeTempProject } from '../../helpers/temp-project.js';

const HOOKS_YML = 'hooks:\n  PreToolUse:\n    - matcher: terminal\n      command: ./scripts/guard.sh\n';

function setup() {
  const sandbox = makeTempProject();
  const context: TrustContext = { cwd: sandbox.project, home: sandbox.home, env: {}, projectDir: sandbox.project };
  const file = sandbox.write('project/.octo/hooks.yml', HOOKS_YML);
  sandbox.write('project/scripts/guard.sh', '#!/bin/sh\nexit 0\n', { executable: true });
  const octo = (overrides: Partial<HandlerRecord>) => makeHandler({ dialect: 'octo', timeoutMs: 5000, ...overrides });
  const project = octo({ source: 'project', file, id: 'project:PreToolUse:0:0', command: './scripts/guard.sh' });
  const user = octo({ source: 'user', file: join(sandbox.home, '.octo', 'hooks.yml'), id: 'user:Stop:0:0', event: 'Stop' });
  const env = octo({ source: 'env', file: null, line: null, column: null, id: 'env:Stop', event: 'Stop' });
  return { sandbox, context, file, handlers: [env, user, project] };
}

describe('octo trust: project file fingerprint', () => {
  it('needs no trust for env and user hooks, and asks for the project file', async () => {
    const { context, handlers, file } = setup();
    const result = await trust.evaluate(handlers, context);
    expect(result.map((t) => t.status)).toEqual(['trusted', 'trusted', 'untrusted']);
    expect(result[2]!.hash).toBe(sha256(readFileSync(file)));
  });

  it('trusts the file by its absolute path and fingerprint', async () => {
    const { context, handlers, file, sandbox } = setup();
    const report = await trustHooks(trust, handlers, context, { ids: [] });
    expect(report.trusted.map((unit) => unit.label)).toEqual([`project hooks file ${file}`]);
    expect((await trust.evaluate(handlers, context))[2]!.status).toBe('trusted');
    const store = JSON.parse(readFileSync(projectTrustStorePath(sandbox.home), 'utf8'));
    expect(store).toMatchObject({ version: 1, projects: { [file]: { fingerprint: sha256(readFileSync(file)) } } });
  });

  it('revokes on any edit of the file, and on an edit of a project script it runs', async () => {
    const { context, handlers, sandbox } = setup();
    await trustHooks(trust, handlers, context, { ids: [] });
    sandbox.write('project/.octo/hooks.yml', `${HOOKS_YML}# a comment\n`);
    expect((await trust.evaluate(handlers, context))[2]).toMatchObject({ status: 'modified', detail: 'hooks file changed since it was trusted' });

    await trustHooks(trust, handlers, context, { ids: [] });
    sandbox.write('project/scripts/guard.sh', '#!/bin/sh\nexit 2\n', { executable: true });
    expect((await trust.evaluate(handlers, context))[2]).toMatchObject({ status: 'modified', detail: 'script changed: scripts/guard.sh' });
    const [unit] = await trust.units(handlers, handlers, context);
    expect(unit!.review.join('\n')).toContain('command:  ./scripts/guard.sh');
  });

  it('untrusts the project file', async () => {
    const { context, handlers } = setup();
    await trustHooks(trust, handlers, context, { ids: [] });
    const revoked = await untrustHooks(trust, handlers, context, { ids: ['project:PreToolUse:0:0'], all: false });
    expect(revoked).toHaveLength(1);
    expect((await trust.evaluate(handlers, context))[2]!.status).toBe('untrusted');
  });

  it('has no per-hook disable', async () => {
    const { context, handlers } = setup();
    await expect(setHooksEnabled(trust, handlers, context, 'user:Stop:0:0', false)).rejects.toThrow(UsageError);
  });
});
