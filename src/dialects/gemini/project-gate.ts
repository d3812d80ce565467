import { resolve } from 'node:path';
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { ConfigWriteError } from '../../errors.js';
import type { HandlerRecord } from '../../kit/handler-record.js';
import type { ProjectGate, TrustContext } from '../../kit/trust-authority.js';
import { updateTextFile } from '../../trust/locked-text-file.js';
import { folderTrust } from './folder-trust.js';

/**
 * Gemini CLI runs no settings hook in a folder it does not trust — the user's and the system's
 * included (gemini trust.ts). Reviewing the hooks therefore finishes only with folder trust, which
 * Gemini keeps in trustedFolders.json as `"<folder>": "TRUST_FOLDER"` (its trust dialog writes the
 * same). The gate names that entry for the folder Gemini starts in, or, where recording it would
 * not do or would override the person's own choice, what holds it and what to do instead.
 */
export async function geminiProjectGate(
  handlers: readonly HandlerRecord[],
  context: TrustContext,
  trustOff: boolean,
): Promise<ProjectGate | null> {
  const held = handlers.filter((handler) => handler.source !== 'plugin' && handler.source !== 'builtin').length;
  if (held === 0) return null;
  const folder = await folderTrust(context, trustOff);
  if (folder.trusted) return null;
  const project = resolve(context.cwd);
  const gate = {
    reason: `folder not trusted: ${folder.detail}`,
    projects: [project],
    file: folder.file,
    entries: [`${JSON.stringify(project)}: "TRUST_FOLDER"`],
    held,
  };
  // An environment variable decides before any rule: a recorded rule would change nothing.
  if (folder.decidedBy === 'variable') return { ...gate, blocked: `${folder.detail} decides before any rule; unset it` };
  // A DO_NOT_TRUST rule is the person's own decision about this folder or a parent: never overridden.
  if (folder.decidedBy === 'rule') {
    return { ...gate, blocked: `${folder.detail} is a rule of your own; change it in Gemini CLI (/permissions) to trust this folder` };
  }
  return gate;
}

/**
 * Adds `"<folder>": "TRUST_FOLDER"` for each project to trustedFolders.json under the file's lock,
 * editing the text in place (Gemini reads it with comments allowed; every other byte is kept).
 */
export async function trustGeminiProject(gate: ProjectGate): Promise<void> {
  await updateTextFile(gate.file, (text) => gate.projects.reduce((next, project) => withRule(next, project, gate.file), text ?? '{}\n'));
}

/** `text` with the folder's rule set to TRUST_FOLDER: its value replaced, or a member added last. */
function withRule(text: string, folder: string, file: string): string {
  const errors: ParseError[] = [];
  const root: Node | undefined = parseTree(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || root?.type !== 'object') {
    throw new ConfigWriteError(file, 'it is not a JSON object of folder rules; fix or remove it, then trust again');
  }
  const value = JSON.stringify('TRUST_FOLDER');
  const existing = findNodeAtLocation(root, [folder]);
  if (existing !== undefined) return text.slice(0, existing.offset) + value + text.slice(existing.offset + existing.length);
  const members = root.children ?? [];
  const last = members.at(-1);
  const member = `  ${JSON.stringify(folder)}: ${value}`;
  if (last === undefined) {
    const close = root.offset + root.length - 1;
    return `${text.slice(0, root.offset)}{\n${member}\n}${text.slice(close + 1)}`;
  }
  const end = last.offset + last.length;
  return `${text.slice(0, end)},\n${member}${text.slice(end)}`;
}
