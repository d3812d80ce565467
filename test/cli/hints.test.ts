import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempProject, sandboxFlags, type TempProject } from '../helpers/temp-project.js';

/**
 * Issue 40 item 3: no message suggests an option the command it names lacks (`list` once said "run
 * hookctl with --dangerously-bypass-hook-trust", which `list` refuses). Each scenario below makes
 * hookctl print hints; every `--flag` in them is checked against the `--help` of the command it is
 * meant for: the `hookctl <command>` quoted in the same backtick span, else the command that printed it.
 */

interface Printed {
  command: string;
  text: string;
}

/** `--flag` mentions of one line, each with the command it is meant for. */
function flagMentions(printed: Printed): { flag: string; command: string; line: string }[] {
  const mentions: { flag: string; command: string; line: string }[] = [];
  for (const line of printed.text.split('\n')) {
    if (/^\s*"?(command|Config command)"?:|^\s*#/.test(line)) continue;
    // Quoted spans name their own command: `hookctl trust --yes --project`.
    const quoted = [...line.matchAll(/`([^`]*)`/g)];
    for (const span of quoted) {
      const named = /\bhookctl ([a-z-]+)/.exec(span[1]!)?.[1];
      for (const flag of span[1]!.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)) {
        mentions.push({ flag: flag[0], command: named ?? printed.command, line });
      }
    }
    const unquoted = line.replace(/`[^`]*`/g, '');
    for (const flag of unquoted.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)) mentions.push({ flag: flag[0], command: printed.command, line });
  }
  return mentions;
}

const helpTexts = new Map<string, Promise<string>>();
function helpOf(command: string): Promise<string> {
  let help = helpTexts.get(command);
  if (help === undefined) {
    help = runCli([command, '--help']).then((result) => result.stdout);
    helpTexts.set(command, help);
  }
  return help;
}

const hook = (command: string) => ({ type: 'command', command });

async function printed(command: string, args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Printed> {
  const result = await runCli([command, ...args], { env });
  return { command, text: `${result.stdout}\n${result.stderr}` };
}

/** A project of each dialect whose hooks are held back (untrusted hook, untrusted folder or project). */
function projects(): { box: TempProject; dialect: string; flags: string[] }[] {
  const of = (dialect: string, file: string, content: unknown) => {
    const box = makeTempProject();
    box.write(`project/${file}`, JSON.stringify(content));
    return { box, dialect, flags: sandboxFlags(box, dialect, join(box.root, 'managed-none')) };
  };
  return [
    of('claude', '.claude/settings.json', { hooks: { PreToolUse: [{ hooks: [hook('exit 0')] }] } }),
    of('codex', '.codex/hooks.json', { hooks: { PreToolUse: [{ hooks: [hook('exit 0')] }] } }),
    of('openinterpreter', '.openinterpreter/hooks.json', { hooks: { PreToolUse: [{ hooks: [hook('exit 0')] }] } }),
    of('gemini', '.gemini/settings.json', { hooks: { BeforeTool: [{ hooks: [hook('exit 0')] }] } }),
  ];
}

describe('every hint names an option its command takes', () => {
  it('list, dry-run, trust, untrust, log, schema and scaffold', async () => {
    const outputs: Printed[] = [];
    const env = { CLAUDE_CONFIG_DIR: undefined, CODEX_HOME: undefined, GEMINI_CLI_HOME: undefined, GEMINI_CLI_TRUST_WORKSPACE: 'false' };
    for (const { dialect, flags } of projects()) {
      const event = dialect === 'gemini' ? 'BeforeTool' : 'PreToolUse';
      outputs.push(await printed('list', flags, env));
      outputs.push(await printed('dry-run', [event, ...flags], env));
      outputs.push(await printed('trust', flags, env));
      outputs.push(await printed('untrust', flags, env));
      outputs.push(await printed('scaffold', [event, ...flags], env));
      outputs.push(await printed('scaffold', [event, ...flags], env)); // the second refuses to overwrite
    }
    outputs.push(await printed('log', [], { HOOKCTL_LOG: undefined }));
    outputs.push(await printed('schema', []));
    const mentions = outputs.flatMap(flagMentions);
    // The scenarios do print hints with options, or this test would pass on silence.
    expect(mentions.map((mention) => mention.flag)).toEqual(
      expect.arrayContaining(['--dangerously-bypass-hook-trust', '--force', '--log']),
    );
    const wrong: string[] = [];
    for (const mention of mentions) {
      if (!(await helpOf(mention.command)).includes(mention.flag)) wrong.push(`${mention.command} ${mention.flag}: ${mention.line.trim()}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
