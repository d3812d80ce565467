#!/usr/bin/env node
// PostToolUse formatter (Claude Code): after Edit or Write, normalises the edited file
// (no trailing whitespace, LF line ends, one final newline) and tells Claude what changed on disk,
// so its next edit starts from the real text. Files outside the project are left alone.

import { readFileSync, writeFileSync } from 'node:fs';
import { extname, isAbsolute, relative, resolve } from 'node:path';

/** @typedef {import('hookctl/claude').PostToolUseInput} Input */
/** @typedef {import('hookctl/claude').PostToolUseOutput} Output */

const TEXT = new Set(['.md', '.js', '.mjs', '.cjs', '.ts', '.json', '.css', '.html', '.yml', '.yaml', '.txt']);

/** The text as the project wants it, and what was fixed (empty when it already was). */
function format(text) {
  const fixes = [];
  if (/\r/.test(text)) fixes.push('CRLF line ends');
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const trimmed = lines.map((line) => line.replace(/[ \t]+$/, ''));
  const spaced = trimmed.filter((line, i) => line !== lines[i]).length;
  if (spaced > 0) fixes.unshift(`trailing whitespace on ${spaced} line${spaced === 1 ? '' : 's'}`);
  const formatted = `${trimmed.join('\n')}\n`;
  if (!/[^\n]\n$/.test(text.replace(/\r/g, '')) && formatted !== '\n') fixes.push('the final newline');
  return { formatted, fixes: formatted === text ? [] : fixes };
}

let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (raw += chunk));
process.stdin.on('end', () => {
  /** @type {Input} */
  const input = JSON.parse(raw);
  const project = process.env.CLAUDE_PROJECT_DIR ?? process.cwd();
  const written = input.tool_input.file_path;
  if (typeof written !== 'string' || !TEXT.has(extname(written))) return;
  const file = resolve(process.cwd(), written);
  const inProject = relative(project, file);
  if (inProject === '' || inProject.startsWith('..') || isAbsolute(inProject)) return;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return; // deleted since: nothing to format
  }
  const { formatted, fixes } = format(text);
  if (fixes.length === 0) return;
  writeFileSync(file, formatted);
  /** @type {Output} */
  const output = {
    hookSpecificOutput: {
      hookEventName: 'PostToolUse',
      additionalContext: `Formatted ${inProject} on disk (fixed ${fixes.join(', ')}); re-read it before editing it again.`,
    },
  };
  process.stdout.write(JSON.stringify(output) + '\n');
});
