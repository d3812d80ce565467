import { describe, expect, it } from 'vitest';
import { analyseFiles } from '../../src/config/analyse-files.js';
import { loadConfigSpec } from '../../src/dialects/registry.js';
import { formatMessage, placeholdersOf, RuleMessageError } from '../../src/lint/message.js';
import { createRule, type RuleContext } from '../../src/lint/rule.js';
import { makeTempProject } from '../helpers/temp-project.js';
import { describeConfigFile } from '../../src/config/load-declaration.js';

const MESSAGES = { found: 'found {{what}} at {{where}}; {{what}} again', plain: 'nothing to fill' } as const;

describe('formatMessage', () => {
  it('fills every placeholder, a repeated one each time, numbers as written', () => {
    expect(formatMessage('sample', MESSAGES, 'found', { what: 'x', where: 3 })).toBe('found x at 3; x again');
    expect(formatMessage('sample', MESSAGES, 'plain', undefined)).toBe('nothing to fill');
    expect(placeholdersOf(MESSAGES.found)).toEqual(['what', 'where']);
  });

  it.each([
    ['an unknown messageId', 'fonud', {}, 'rule sample reported unknown messageId "fonud"; its messages are found, plain'],
    ['a placeholder without data', 'found', { what: 'x' }, 'rule sample, message "found": no data for where'],
    ['data no placeholder uses', 'plain', { extra: 1 }, 'rule sample, message "plain": unused data extra'],
    ['both', 'found', { what: 'x', wher: 1 }, 'rule sample, message "found": no data for where; unused data wher'],
  ])('throws a RuleMessageError for %s', (_name, messageId, data, text) => {
    expect(() => formatMessage('sample', MESSAGES, messageId, data)).toThrow(new RuleMessageError(text));
  });
});

describe('createRule', () => {
  const define = (template: string) => () =>
    createRule({ id: 'sample', severity: 'error', description: 'd', atLoad: true, messages: { bad: template }, check: () => {} });

  it.each(['found {{ what }}', 'found {{what}', 'found {{}}', 'found }} here'])('rejects the malformed placeholder in %j', (template) => {
    expect(define(template)).toThrow(RuleMessageError);
    expect(define(template)).toThrow(/rule sample: message "bad" has a malformed placeholder/);
  });

  it('gives the rule its docs page and messages', () => {
    const rule = createRule({ id: 'sample', severity: 'warning', description: 'd', atLoad: false, messages: MESSAGES, check: () => {} });
    expect(rule.meta).toEqual({ id: 'sample', severity: 'warning', description: 'd', docs: 'docs/rules/sample.md', messages: MESSAGES });
  });

  it('makes a report that does not fit the messages fail loudly when the rule runs, not print a broken text', async () => {
    const sandbox = makeTempProject();
    const path = sandbox.write('project/.openinterpreter/hooks.json', '{ "hooks": {} }');
    const spec = await loadConfigSpec('openinterpreter');
    const files = [await describeConfigFile(spec, path, { cwd: sandbox.project, home: sandbox.home, env: {} })].flat();
    const careless = createRule({
      id: 'careless',
      severity: 'error',
      description: 'd',
      atLoad: true,
      messages: MESSAGES,
      // Data built elsewhere can escape the type check; the run-time check still catches it.
      check: ({ report }) => {
        const data = { what: 'x' } as unknown as { what: string; where: string };
        report({ messageId: 'found', data, pos: { line: 1, column: 1 } });
      },
    });
    expect(() => analyseFiles(files, spec, [careless], sandbox.project)).toThrow('rule careless, message "found": no data for where');
  });
});

/**
 * Compile-time checks (run by `npm run typecheck`): each `@ts-expect-error` fails the build if the
 * line below it ever compiles, so these prove the report types reject what they should.
 */
export function reportTypes({ report }: RuleContext<typeof MESSAGES>): void {
  const pos = { line: 1, column: 1 };
  report({ messageId: 'found', data: { what: 'x', where: 2 }, pos });
  report({ messageId: 'plain', pos });
  // @ts-expect-error an unknown messageId
  report({ messageId: 'fonud', data: { what: 'x', where: 2 }, pos });
  // @ts-expect-error a placeholder without data
  report({ messageId: 'found', data: { what: 'x' }, pos });
  // @ts-expect-error data no placeholder uses
  report({ messageId: 'found', data: { what: 'x', where: 2, extra: 3 }, pos });
  // @ts-expect-error data for a message without placeholders
  report({ messageId: 'plain', data: { what: 'x' }, pos });
  // @ts-expect-error a message with placeholders needs data
  report({ messageId: 'found', pos });
}
