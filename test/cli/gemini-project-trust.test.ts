import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, sandboxFlags, type TempProject } from '../helpers/temp-project.js';

/**
 * Issue 40 item 3: in a folder Gemini CLI does not trust no settings hook runs, so `trust --yes`
 * alone left the hooks `workspace-untrusted` while saying "trusted". `trust --yes --project` records
 * the folder's trust as Gemini's own dialog does (`"<folder>": "TRUST_FOLDER"` in
 * trustedFolders.json), keeping the file's other bytes, and never overrides a rule of the person's
 * own nor an environment variable that decides first: then it says which step remains.
 */

const HOOK = { hooks: { BeforeTool: [{ hooks: [{ type: 'command', command: 'exit 0' }] }] } };

function geminiProject(): { box: TempProject; cli: (args: readonly string[], env?: Record<string, string>) => ReturnType<typeof runCli> } {
  const box = makeTempProject();
  box.write('project/.gemini/settings.json', JSON.stringify(HOOK));
  const flags = sandboxFlags(box, 'gemini', join(box.root, 'etc', 'settings.json'));
  const cli = (args: readonly string[], env: Record<string, string> = {}) =>
    runCli([...args, ...flags], { env: { GEMINI_CLI_TRUST_WORKSPACE: undefined, GEMINI_CLI_HOME: undefined, ...env } });
  return { box, cli };
}

const rulesFile = (box: TempProject) => join(box.home, '.gemini', 'trustedFolders.json');

describe('gemini: trust --project records folder trust the way Gemini CLI does', () => {
  it('without --project says the folder stays untrusted and how to record it; with it, the hook runs', async () => {
    const { box, cli } = geminiProject();
    const hooksOnly = await cli(['trust', '--yes']);
    expect(hooksOnly.code).toBe(0);
    expect(hooksOnly.stderr).toContain(
      `hookctl: the project stays untrusted (pass --yes --project to record it: "${box.project}": "TRUST_FOLDER" in ${rulesFile(box)})`,
    );
    expect((await cli(['dry-run', 'BeforeTool'])).stdout).toContain('skipped (workspace-untrusted)');

    const withProject = await cli(['trust', '--yes', '--project']);
    expect(withProject).toMatchObject({ code: 0 });
    expect(withProject.stdout).toContain(`trusted project ${box.project} (in ${rulesFile(box)})`);
    expect(JSON.parse(readFileSync(rulesFile(box), 'utf8'))).toEqual({ [box.project]: 'TRUST_FOLDER' });
    expect((await cli(['dry-run', 'BeforeTool'])).stdout).toMatch(/✓ completed {2}project:BeforeTool:0:0/);
  });

  it('adds the rule to an existing file, keeping its comments and other rules', async () => {
    const { box, cli } = geminiProject();
    const before = '{\n  // my own folders\n  "/srv/work": "TRUST_FOLDER"\n}\n';
    box.write('home/.gemini/trustedFolders.json', before);
    expect((await cli(['trust', '--yes', '--project'])).code).toBe(0);
    expect(readFileSync(rulesFile(box), 'utf8')).toBe(
      `{\n  // my own folders\n  "/srv/work": "TRUST_FOLDER",\n  ${JSON.stringify(box.project)}: "TRUST_FOLDER"\n}\n`,
    );
  });

  it("never overrides the person's DO_NOT_TRUST rule of a parent folder: it names it and writes nothing", async () => {
    const { box, cli } = geminiProject();
    const before = `{ ${JSON.stringify(box.root)}: "DO_NOT_TRUST" }\n`;
    box.write('home/.gemini/trustedFolders.json', before);
    const result = await cli(['trust', '--yes', '--project']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `hookctl: the project stays untrusted: DO_NOT_TRUST for ${box.root} in ${rulesFile(box)} is a rule of your own; ` +
        'change it in Gemini CLI (/permissions) to trust this folder',
    );
    expect(readFileSync(rulesFile(box), 'utf8')).toBe(before);
  });

  it('says that an environment variable decides before any rule, and writes nothing', async () => {
    const { box, cli } = geminiProject();
    const result = await cli(['trust', '--yes', '--project'], { GEMINI_CLI_TRUST_WORKSPACE: 'false' });
    expect(result.stderr).toContain(
      'hookctl: the project stays untrusted: GEMINI_CLI_TRUST_WORKSPACE=false decides before any rule; unset it',
    );
    expect(() => readFileSync(rulesFile(box), 'utf8')).toThrow();
  });
});
