import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDialect, manifestOf } from '../../src/dialects/registry.js';
import { makeFixture } from '../../src/fixture/make-fixture.js';
import { scaffoldHook } from '../../src/scaffold/scaffold.js';
import {
  anchorOf,
  EXTENSIONS,
  handlerOf,
  programOf,
  kebab,
  LANGS,
  registeredHandlers,
  runHook,
  SCAFFOLD_DIALECTS,
} from '../helpers/scaffolded.js';

/**
 * Every event of every dialect, in js, py and sh: `scaffoldHook` (what `hookctl scaffold --register`
 * runs) writes an executable script, registers it in the project config under the event, and the
 * registered command, run as the agent runs it from a subdirectory with the event's payload, is a
 * quiet no-op. In-process but for the hooks themselves; test/cli/scaffold.test.ts drives the binary
 * once per dialect and language.
 */
describe.each(SCAFFOLD_DIALECTS)('scaffold --register, every %s event', (dialect) => {
  // One project per dialect (a real git repository: codex, openinterpreter and octo commands find
  // their script through `git rev-parse`); each event registers under its own key and file names.
  let project = '';
  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'hookctl-test-'));
    spawnSync('git', ['init', '-q'], { cwd: project });
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it.each(manifestOf(dialect).events.map((event) => event.name))(
    '%s: js, py and sh scripts are registered, executable no-op hooks',
    async (event) => {
      const loaded = await loadDialect(dialect);
      const payload = makeFixture(loaded, event, { cwd: project });
      const expected: unknown[] = [];
      for (const lang of LANGS) {
        // The name is the hook's id, unique per config: js keeps the default, the others get their own.
        const name = lang === 'js' ? kebab(event) : `${kebab(event)}-${lang}`;
        const result = await scaffoldHook({
          dialect: loaded,
          projectDir: project,
          event,
          lang,
          ...(lang === 'js' ? {} : { name }),
          register: true,
        });
        const path = `${manifestOf(dialect).configDir}/hooks/${name}.${EXTENSIONS[lang]}`;
        expect({ path: result.path, warnings: result.warnings, registered: result.registration?.status }).toEqual({
          path,
          warnings: [],
          registered: expect.stringMatching(/^(created|added)$/),
        });
        expect(statSync(join(project, path)).mode & 0o777).toBe(0o755);
        // Commands reach the script through $CLAUDE_PROJECT_DIR or the git root: the session cwd follows `cd`.
        expect(result.command).toBe(`${programOf(dialect, event, lang)} ${anchorOf(dialect)}${path}`);
        const run = runHook(result.command, project, payload);
        expect({ lang, status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ lang, status: 0, stdout: '', stderr: '' });
        expected.push(handlerOf(dialect, result.command, name));
      }
      expect(registeredHandlers(dialect, project, event)).toEqual(expected);
    },
  );
});
