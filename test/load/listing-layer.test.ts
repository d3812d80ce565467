import { mkdirSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LISTING_LIMIT } from '../../src/config/layer-listing.js';
import { describeLayerFile, discoverLayers, type LayerDeclaration } from '../../src/config/load-declaration.js';
import { makeTempProject } from '../helpers/temp-project.js';

/**
 * The `listing` layer kind: every file of one kind in a directory (`hooks/*.json`), in the agent's
 * name order, its listing and files watched, a named file placed in its layer, and a directory with
 * more entries than the budget reported rather than read in part silently.
 */
const HOOKS = JSON.stringify({ hooks: {} });

function declaration(order: 'ascending' | 'descending'): LayerDeclaration {
  return {
    layers: [
      { kind: 'listing', source: 'user', format: 'json', role: 'hooks-file', suffix: '.json', order, dir: (c) => join(c.home, 'hooks') },
      { kind: 'listing', source: 'project', format: 'json', role: 'hooks-file', suffix: '.json', order, dir: (c) => join(c.cwd, 'hooks') },
    ],
  };
}

function sandbox() {
  const s = makeTempProject();
  const context = { cwd: s.project, home: s.home, env: {} };
  return { s, context };
}

describe('a listing layer', () => {
  it('reads every file with the suffix, in the declared name order, layer by layer, and watches the listings and the files', async () => {
    const { s, context } = sandbox();
    for (const name of ['b.json', 'a.json', '_x.json', 'C.json', '10.json', '2.json', 'notes.txt']) s.write(`project/hooks/${name}`, HOOKS);
    s.write('home/hooks/u.json', HOOKS);
    const names = async (order: 'ascending' | 'descending') =>
      (await discoverLayers(declaration(order), context)).files.map((file) => [file.source, file.parsed.path.slice(s.root.length + 1)]);
    expect(await names('descending')).toEqual([
      ['user', 'home/hooks/u.json'],
      ...['b', 'a', '_x', 'C', '2', '10'].map((name) => ['project', `project/hooks/${name}.json`]),
    ]);
    expect((await names('ascending')).slice(1).map(([, path]) => path)).toEqual(
      ['10', '2', 'C', '_x', 'a', 'b'].map((name) => `project/hooks/${name}.json`),
    );
    const { watchPaths } = await discoverLayers(declaration('ascending'), context);
    expect(watchPaths).toContain(`${join(s.home, 'hooks')}${sep}`);
    expect(watchPaths).toContain(`${join(s.project, 'hooks')}${sep}`);
    expect(watchPaths).toContain(join(s.project, 'hooks', 'a.json'));
    expect(watchPaths).not.toContain(join(s.project, 'hooks', 'notes.txt'));
  });

  it('a missing directory is no layer, and its listing is still watched (one appearing is a change)', async () => {
    const { context } = sandbox();
    const found = await discoverLayers(declaration('ascending'), context);
    expect(found.files).toEqual([]);
    expect(found.watchPaths).toEqual([`${join(context.home, 'hooks')}${sep}`, `${join(context.cwd, 'hooks')}${sep}`]);
  });

  it('more entries than the budget: the first ones are read and the directory carries an error, never a silent cut', async () => {
    const { s, context } = sandbox();
    const dir = join(s.project, 'hooks');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i <= LISTING_LIMIT; i++) writeFileSync(join(dir, `h${i}.txt`), '');
    const { files } = await discoverLayers(declaration('ascending'), context);
    expect(files).toHaveLength(1);
    expect(files[0]?.parsed).toMatchObject({
      path: dir,
      root: null,
      errors: [{ message: expect.stringContaining(`more than ${LISTING_LIMIT}`) }],
    });
  });

  it('a declaration with one format reads a named file in it, whatever its name', async () => {
    const { s, context } = sandbox();
    s.write('project/hooks.yaml', 'hooks: {}\n');
    const fromName = await describeLayerFile(declaration('descending'), join(s.project, 'hooks.yaml'), context);
    const declared = await describeLayerFile({ ...declaration('descending'), format: 'json' }, join(s.project, 'hooks.yaml'), context);
    expect(Array.isArray(fromName) ? null : [fromName.parsed.format, fromName.parsed.errors]).toEqual(['yaml', []]);
    expect(Array.isArray(declared) ? null : declared.parsed.format).toBe('json');
    expect(Array.isArray(declared) ? [] : declared.parsed.errors).toHaveLength(1);
  });

  it('places a named file by its directory: the user listing is the user layer, any other the project layer', async () => {
    const { s, context } = sandbox();
    s.write('home/hooks/u.json', HOOKS);
    s.write('elsewhere/x.json', HOOKS);
    const user = await describeLayerFile(declaration('descending'), join(s.home, 'hooks', 'u.json'), context);
    const other = await describeLayerFile(declaration('descending'), join(s.root, 'elsewhere', 'x.json'), context);
    expect(user).toMatchObject({ source: 'user', role: 'hooks-file', layer: join(s.home, 'hooks') });
    expect(other).toMatchObject({ source: 'project', role: 'hooks-file', layer: join(s.root, 'elsewhere') });
  });
});
