import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { everyRule } from '../../src/dialects/every-rule.js';
import { PROVEN_AGENTS } from '../../src/dialects/shared/agent-versions.js';
import type { InstalledAgent } from '../../src/lint/rule.js';
import { lintCase, type TestFile } from '../lint/rule-tester.js';

/**
 * Runs the Wrong and Right samples of every docs/rules/<id>.md page (the convention is in
 * docs/rules/README.md, "Samples are executed"): the fenced config blocks of one section form one
 * sample project; its rule, and only its rule, runs over them as in the RuleTester. A Wrong sample
 * must be reported by the page's rule, a Right sample must not.
 */

const DOCS = new URL('../../docs/rules/', import.meta.url);
/** Where a block goes when its fence names no `file=`: the language's usual config file. */
const DEFAULT_FILE: Readonly<Record<string, string>> = {
  json: '.openinterpreter/hooks.json',
  toml: '.openinterpreter/config.toml',
  yaml: '.octo/hooks.yml',
};
const ATTRIBUTES = ['file', 'exists', 'executable', 'lint', 'agent'];
/** Context files only need to exist; a shell script that exits 0 fits every sample. */
const SCRIPT = '#!/bin/sh\nexit 0\n';

interface Sample {
  /** Every file of the sample by sandbox path: the config blocks and the files they need. */
  files: Record<string, TestFile>;
  /** The config blocks' paths, in page order: the files to lint. */
  lint: string[];
  /** Lint the effective layers (`lint=effective` on a block), as `hookctl lint --effective` does. */
  effective?: true;
  /** The installed agent (`agent=<dialect>@<version>` on a block), as `lint --effective` finds it on PATH. */
  installedAgent?: InstalledAgent;
}

/** The text of a `## Heading` section, up to the next `## `. */
function section(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`no "## ${heading}" section`);
  const rest = page.slice(start + heading.length + 5);
  const end = rest.search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end);
}

/** A path as a fence writes it (`~/…` in the user's home, else in the project) → its sandbox path. */
function sandboxPath(written: string): string {
  if (written.split('/').includes('..') || written.startsWith('/'))
    throw new Error(`sample path ${written} must stay inside the project or ~/`);
  return written.startsWith('~/') ? `home/${written.slice(2)}` : `project/${written}`;
}

/** Reads a section's fenced blocks into one sample; throws on a fence it cannot run, so none is skipped. */
function parseSample(text: string): Sample {
  const sample: Sample = { files: {}, lint: [] };
  for (const [, language = '', info = '', body = ''] of text.matchAll(/^```(\w*)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    if (!(language in DEFAULT_FILE)) throw new Error(`a \`\`\`${language} block: samples are json, yaml or toml`);
    const attributes = new Map<string, string>();
    for (const token of info.trim().split(/\s+/).filter(Boolean)) {
      const [key = '', value = ''] = token.split('=', 2);
      if (!ATTRIBUTES.includes(key) || value === '')
        throw new Error(`fence attribute "${token}": write ${ATTRIBUTES.map((a) => `${a}=…`).join(', ')}`);
      attributes.set(key, value);
    }
    const path = sandboxPath(attributes.get('file') ?? DEFAULT_FILE[language]!);
    if (path in sample.files) throw new Error(`two blocks are ${path}: give each its own file=`);
    sample.files[path] = body;
    sample.lint.push(path);
    for (const extra of attributes.get('exists')?.split(',') ?? []) sample.files[sandboxPath(extra)] = SCRIPT;
    for (const extra of attributes.get('executable')?.split(',') ?? [])
      sample.files[sandboxPath(extra)] = { content: SCRIPT, executable: true };
    const lint = attributes.get('lint');
    if (lint !== undefined && lint !== 'effective') throw new Error(`fence attribute "lint=${lint}": the only value is lint=effective`);
    if (lint === 'effective') sample.effective = true;
    const agent = attributes.get('agent');
    if (agent !== undefined) sample.installedAgent = installedAgent(agent);
  }
  if (sample.lint.length === 0) throw new Error('no sample block');
  return sample;
}

/** `agent=codex@0.160.0`: that release of the dialect's agent, with the dialect's since table. */
function installedAgent(value: string): InstalledAgent {
  const [dialect = '', version = ''] = value.split('@', 2);
  const proven = PROVEN_AGENTS[dialect];
  if (proven === undefined || !/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`fence attribute "agent=${value}": write agent=<dialect>@<version>`);
  return { name: proven.agent, version, since: proven.since };
}

describe.each((await everyRule()).map((rule) => [rule.meta.id, rule] as const))('docs/rules/%s.md', (id, rule) => {
  const page = readFileSync(new URL(`${id}.md`, DOCS), 'utf8');

  it('Wrong sample is reported by the rule', async () => {
    const { findings } = await lintCase(rule, parseSample(section(page, 'Wrong')));
    expect(findings.length, `${id} reports its Wrong sample`).toBeGreaterThan(0);
  });

  it('Right sample is not', async () => {
    const { findings } = await lintCase(rule, parseSample(section(page, 'Right')));
    expect(findings.map((finding) => `${finding.line}:${finding.column}: ${finding.message}`)).toEqual([]);
  });
});

describe('the sample convention', () => {
  it.each([
    ['a fence in another language', '```sh\necho\n```\n', /samples are json, yaml or toml/],
    ['an unknown fence attribute', '```json fiel=x.json\n{}\n```\n', /fence attribute "fiel=x\.json"/],
    ['a path outside the project', '```json file=../x.json\n{}\n```\n', /must stay inside the project/],
    ['a section without a block', 'prose only\n', /no sample block/],
    ['two blocks for one file', '```json\n{}\n```\n\n```json\n{}\n```\n', /two blocks are project\/\.openinterpreter\/hooks\.json/],
  ])('rejects %s instead of skipping it', (_name, text, error) => {
    expect(() => parseSample(text)).toThrow(error);
  });

  it('places blocks and context files in the project or the home directory', () => {
    const text = '```json file=~/.openinterpreter/hooks.json\n{}\n```\n\n```yaml exists=a.sh executable=~/b.sh,c.sh\nhooks:\n```\n';
    expect(parseSample(text)).toEqual({
      files: {
        'home/.openinterpreter/hooks.json': '{}\n',
        'project/.octo/hooks.yml': 'hooks:\n',
        'project/a.sh': SCRIPT,
        'home/b.sh': { content: SCRIPT, executable: true },
        'project/c.sh': { content: SCRIPT, executable: true },
      },
      lint: ['home/.openinterpreter/hooks.json', 'project/.octo/hooks.yml'],
    });
  });
});
