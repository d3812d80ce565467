import { mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFiles, sortFindings } from '../../src/config/analyse-files.js';
import type { DialectConfigSpec, TimeoutRule } from '../../src/config/config-spec.js';
import { inferDialectFromPath } from '../../src/dialects/infer-dialect.js';
import { ruleCatalogue } from '../../src/dialects/every-rule.js';
import { loadConfigSpec } from '../../src/dialects/registry.js';
import type { Finding } from '../../src/kit/finding.js';
import type { MessageMap } from '../../src/lint/message.js';
import type { InstalledAgent, Rule, RuledConfigSpec } from '../../src/lint/rule.js';
import { makeTempProject, type TempProject } from '../helpers/temp-project.js';
import { describeConfigFile, discoverConfig } from '../../src/config/load-declaration.js';

/**
 * A RuleTester in the shape of typescript-eslint's: `ruleTester.run(rule, { valid, invalid })` runs
 * only the rule under test (the config analysis with `[rule]`, as lint and the loader call it) over
 * real files in a fresh sandbox per case, and compares each finding's messageId, file, line and
 * column (and data or the rendered message where a case gives them) with the case's `errors`.
 *
 * Paths are relative to the sandbox root, which holds `home/` (the user's home) and `project/` (a git
 * root and the cwd hooks run in). In expected data and messages, `<root>` stands for the sandbox root.
 */

/** Stands for the sandbox root in expected data and messages: `<root>/project/.openinterpreter/hooks.json`. */
export const ROOT = '<root>';

export const OI_JSON = 'project/.openinterpreter/hooks.json';
export const OI_TOML = 'project/.openinterpreter/config.toml';
export const OCTO_YAML = 'project/.octo/hooks.yml';
export const CLAUDE_SETTINGS = 'project/.claude/settings.json';

/**
 * A file's content, or the content and whether it gets the execute bit (default: it does not), or a
 * symbolic link to `link` (a path relative to the sandbox root: `<root>` stands for it).
 */
export type TestFile = string | { content: string; executable?: boolean } | { link: string };

export interface ValidCase {
  /** The test's title; defaults to the first file's path and first line. */
  name?: string;
  /** Every file of the sandbox by path: config files, scripts that must exist, a second layer. */
  files: Readonly<Record<string, TestFile>>;
  /**
   * The config files to lint, as `hookctl lint FILE…` would be given them (a path need not exist);
   * default: every `.json`, `.yaml`, `.yml` and `.toml` file in `files`, in order.
   */
  lint?: readonly string[];
  /**
   * Lint the effective layers instead, as `hookctl lint --effective` does: every file the dialect
   * discovers for an agent started in `project/` with the sandbox home (managed files in `etc/`).
   * For rules about the user's own state (codex project trust, recorded hook trust).
   */
  effective?: true;
  /**
   * A change to the inferred dialect's config spec, for a kit capability no dialect uses yet (a
   * milliseconds timeout rule): the case then lints under that variant of the dialect.
   */
  adjustSpec?: (spec: DialectConfigSpec) => DialectConfigSpec;
  /**
   * The environment lint runs in (default: none, so no PATH): `<root>` in a value stands for the
   * sandbox root, so a case can put programs of its own on PATH (`{ PATH: '<root>/bin' }`).
   */
  env?: Readonly<Record<string, string>>;
  /** The installed agent, when older than the proven release (`hookctl lint --effective` with an older agent). */
  installedAgent?: InstalledAgent;
}

/** An expected string: exact (after `<root>` is replaced), a pattern, or a vitest asymmetric matcher. */
export type Expected = string | number | RegExp | ReturnType<typeof expect.stringMatching>;

export interface ExpectedError<MessageId extends string> {
  messageId: MessageId;
  line: number;
  column: number;
  /** The file the finding is in; default: the first linted file. */
  file?: string;
  /** The values of the message's placeholders; every one of them when given. */
  data?: Readonly<Record<string, Expected>>;
  /** The rendered message. */
  message?: Expected;
  /** The finding's severity, where a rule lowers it for some findings. */
  severity?: 'error' | 'warning' | 'info';
}

export interface InvalidCase<MessageId extends string> extends ValidCase {
  /** Every finding of the rule, in reading order (files in layer order, then line and column). */
  errors: readonly ExpectedError<MessageId>[];
}

export interface RuleTests<MessageId extends string> {
  valid: readonly ValidCase[];
  invalid: readonly InvalidCase<MessageId>[];
  /**
   * Messages only repository-wide `hookctl lint` can give (a file no dialect describes, found by the
   * scan), with the test file that expects each through the binary.
   */
  elsewhere?: { messageIds: readonly MessageId[]; test: string };
}

const CONFIG_FILE = /\.(json|ya?ml|toml)$/;

export class RuleTester {
  /**
   * Declares a vitest suite named after the rule: one test per case, plus one that every message of
   * the rule is expected by some invalid case (so no template goes untested).
   */
  run<Messages extends MessageMap>(rule: Rule<Messages>, tests: RuleTests<keyof Messages & string>): void {
    describe(rule.meta.id, () => {
      describe('valid', () => {
        tests.valid.forEach((test, index) => {
          it(caseName(test, index), async () => {
            const { findings } = await lintCase(rule, test);
            const reported = findings.map((f) => `${f.file}:${f.line}:${f.column}: ${f.message} (${f.messageId})`);
            expect(reported, 'a valid case reports nothing').toEqual([]);
          });
        });
      });
      describe('invalid', () => {
        tests.invalid.forEach((test, index) => {
          it(caseName(test, index), async () => {
            expect(test.errors.length, 'an invalid case expects at least one error').toBeGreaterThan(0);
            for (const error of test.errors) {
              expect(Object.keys(rule.meta.messages), `messageId "${error.messageId}" is one of the rule's`).toContain(error.messageId);
            }
            const { findings, sandbox, linted } = await lintCase(rule, test);
            const actual = findings.map((finding, i) => actualError(finding, test.errors[i], sandbox));
            expect(actual).toEqual(test.errors.map((error) => expectedError(error, linted[0]!, sandbox)));
          });
        });
      });
      it('expects each of its messages in some invalid case', () => {
        const expected = new Set([
          ...tests.invalid.flatMap((test) => test.errors.map((error) => error.messageId as string)),
          ...(tests.elsewhere?.messageIds ?? []),
        ]);
        expect(Object.keys(rule.meta.messages).filter((messageId) => !expected.has(messageId))).toEqual([]);
      });
    });
  }
}

/**
 * Writes the case's files into a fresh sandbox and runs the one rule over the files to lint, the
 * dialect inferred from the first file's path as `hookctl lint FILE` infers it.
 */
export async function lintCase(rule: Rule, test: ValidCase): Promise<{ findings: Finding[]; sandbox: TempProject; linted: string[] }> {
  const sandbox = makeTempProject();
  for (const [path, file] of Object.entries(test.files)) {
    if (typeof file !== 'string' && 'link' in file) {
      mkdirSync(dirname(join(sandbox.root, path)), { recursive: true });
      symlinkSync(join(sandbox.root, file.link), join(sandbox.root, path));
      continue;
    }
    const { content, executable = false } = typeof file === 'string' ? { content: file } : file;
    // `<root>` in a file stands for the sandbox root too (a codex user config trusting the project).
    sandbox.write(path, content.replaceAll(ROOT, sandbox.root), { executable });
  }
  const linted = [...(test.lint ?? Object.keys(test.files).filter((path) => CONFIG_FILE.test(path)))];
  expect(linted.length, 'a case lints at least one file').toBeGreaterThan(0);
  const absolute = linted.map((path) => join(sandbox.root, path));
  const inferred = await loadConfigSpec(inferDialectFromPath(absolute[0]!) ?? 'openinterpreter');
  const spec = test.adjustSpec ? test.adjustSpec(inferred) : inferred;
  const context = { cwd: sandbox.project, home: sandbox.home, env: {}, managedConfigPath: join(sandbox.root, 'etc', 'requirements.toml') };
  const files = test.effective
    ? await discoverConfig(spec, context)
    : (await Promise.all(absolute.map((path) => describeConfigFile(spec, path, context)))).flat();
  // A dialect's own rule runs only on its dialect's files, as in the runner (DialectRules).
  if (!(await runsFor(rule, spec))) return { findings: [], sandbox, linted };
  // Lint's levels, as `hookctl lint` reports them (loading config may cap some: Rule.loadSeverity).
  const { findings } = analyseFiles(files, spec, [rule], context.cwd, undefined, {
    env: sandboxEnv(test.env, sandbox.root) ?? context.env,
    ...(test.installedAgent === undefined ? {} : { installedAgent: test.installedAgent }),
  });
  return { findings: sortFindings(findings), sandbox, linted };
}

/** False for a rule some dialect registers (DialectRules) when `spec` is not that dialect's: lint never runs it there. */
async function runsFor(rule: Rule, spec: RuledConfigSpec): Promise<boolean> {
  const owned = (await ruleCatalogue()).some((entry) => entry.rule === rule && entry.dialect !== null);
  return !owned || ((await spec.rules?.all()) ?? []).includes(rule);
}

/** The finding in the terms of an expected error: only the fields the case checks. */
function actualError(finding: Finding, expected: ExpectedError<string> | undefined, sandbox: TempProject): Record<string, unknown> {
  const { messageId, line, column } = finding;
  return {
    messageId,
    file: relative(sandbox.root, finding.file),
    line,
    column,
    ...(expected?.data === undefined ? {} : { data: finding.data ?? {} }),
    ...(expected?.message === undefined ? {} : { message: finding.message }),
    ...(expected?.severity === undefined ? {} : { severity: finding.severity }),
  };
}

function expectedError(error: ExpectedError<string>, firstLinted: string, sandbox: TempProject): Record<string, unknown> {
  const { messageId, line, column, file = firstLinted, data, message, severity } = error;
  return {
    messageId,
    file,
    line,
    column,
    ...(data === undefined ? {} : { data: Object.fromEntries(Object.entries(data).map(([name, v]) => [name, matcher(v, sandbox)])) }),
    ...(message === undefined ? {} : { message: matcher(message, sandbox) }),
    ...(severity === undefined ? {} : { severity }),
  };
}

function matcher(value: Expected, sandbox: TempProject): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.replaceAll(ROOT, sandbox.root);
  if (value instanceof RegExp) return expect.stringMatching(value);
  return value;
}

function caseName(test: ValidCase, index: number): string {
  if (test.name !== undefined) return test.name;
  const [path, file] = Object.entries(test.files)[0] ?? [`case ${index + 1}`, ''];
  const content = typeof file === 'string' ? file : 'link' in file ? `-> ${file.link}` : file.content;
  return `${path}: ${content.split('\n')[0]!.slice(0, 60)}`;
}

/**
 * Line and column (1-based) of the `occurrence`-th `needle` in `text`, for tables whose configs are
 * long one-liners: `{ messageId, ...positionOf(text, '"if"') }`. Throws when the needle is missing.
 */
export function positionOf(text: string, needle: string, occurrence = 1): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i < occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`${JSON.stringify(needle)} (occurrence ${occurrence}) is not in the case's text`);
  }
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}
export const CODEX_JSON = 'project/.codex/hooks.json';
/** A Copilot CLI project hooks file (`.github/hooks/*.json`). */
export const COPILOT_JSON = 'project/.github/hooks/hooks.json';
export const CODEX_TOML = 'project/.codex/config.toml';
/** The user's Codex config (`[projects."<root>/project"] trust_level = "trusted"` trusts the sandbox project). */
export const CODEX_USER_TOML = 'home/.codex/config.toml';

/**
 * The dialect's spec with timeouts in milliseconds (Gemini CLI's unit: 60 s by default, under 1000
 * probably meant as seconds), and optionally an event cap of its own, for `adjustSpec`.
 */
export function inMilliseconds(eventTimeouts?: TimeoutRule['byEvent']): (spec: DialectConfigSpec) => DialectConfigSpec {
  return (spec) => {
    const byEvent = eventTimeouts ?? spec.timeout.byEvent;
    return { ...spec, timeout: { unit: 'milliseconds', defaultMs: 60_000, suspiciousBelowMs: 1000, ...(byEvent ? { byEvent } : {}) } };
  };
}

/** A case's environment with `<root>` replaced by the sandbox root. */
function sandboxEnv(env: Readonly<Record<string, string>> | undefined, root: string): Record<string, string> | undefined {
  return env === undefined ? undefined : Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value.replaceAll(ROOT, root)]));
}

/**
 * A Copilot CLI hooks file with one `bash` hook on `event` (issue 42: the core rules read copilot's
 * command there), and where a finding at that command is placed.
 */
export function copilotHook(
  event: string,
  bash: string,
  extra: Record<string, unknown> = {},
): { text: string; at: { line: number; column: number } } {
  const text = `${JSON.stringify({ version: 1, hooks: { [event]: [{ type: 'command', bash, ...extra }] } })}\n`;
  const key = positionOf(text, '"bash":');
  return { text, at: { line: key.line, column: key.column + '"bash":'.length } };
}
