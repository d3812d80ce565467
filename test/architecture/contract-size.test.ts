import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIALECT_IDS, manifestOf } from '../../src/dialects/registry.js';

/**
 * The dialect contract stays narrow (issue 41): DialectConfigSpec holds what every dialect shares, and a
 * single agent's facts live in its own folder (its lint facts, its rules, its load policy). The bound is
 * the member count reached once every dialect loaded through its declared layers and policy (38 at the
 * start of issue 41, 22 after the non-load facets moved out, 13 after the legacy load members went and
 * the matcher and command fields became properties of what they describe).
 * A new member means raising it here, on purpose, with the table in docs/architecture.md ("What
 * DialectConfigSpec holds").
 */
const MAX_CONFIG_SPEC_MEMBERS = 13;

/**
 * The member names of an interface as declared: its body with comments removed, split at the
 * semicolons outside nested braces, brackets and parentheses (members' own object and function types).
 */
function membersOf(file: string, name: string): string[] {
  const text = readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  const start = text.indexOf(`export interface ${name} {`);
  if (start === -1) throw new Error(`${file} declares no interface ${name}`);
  const members: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text.slice(text.indexOf('{', start) + 1)) {
    if (depth === 0 && char === '}') break;
    if ('{(['.includes(char)) depth++;
    if ('})]'.includes(char)) depth--;
    if (depth === 0 && char === ';') {
      members.push(/^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)/.exec(current)?.[1] ?? `? ${current.trim()}`);
      current = '';
    } else current += char;
  }
  return members;
}

describe('the dialect contract', () => {
  it(`DialectConfigSpec has at most ${MAX_CONFIG_SPEC_MEMBERS} members`, () => {
    const members = membersOf('src/config/config-spec.ts', 'DialectConfigSpec');
    expect(members.length, members.join(', ')).toBeLessThanOrEqual(MAX_CONFIG_SPEC_MEMBERS);
  });

  it('LoadContext carries session flags in one bag, with no member per flag', () => {
    const members = membersOf('src/kit/load-context.ts', 'LoadContext');
    expect(members).toContain('session');
    const flags = DIALECT_IDS.flatMap((id) => manifestOf(id).cli?.sessionFlags ?? []);
    expect(flags.length).toBeGreaterThan(0);
    const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    for (const flag of flags) expect(members, `--${flag.name}`).not.toContain(camel(flag.name));
    // The names the flags had as members before they became data.
    for (const legacy of ['settingsFlag', 'pluginDirs', 'configOverrides']) expect(members).not.toContain(legacy);
  });
});
