import type { HandlerRecord } from '../kit/handler-record.js';
import type { ScriptCoverage } from './project-scripts.js';
import { formatDuration } from '../util/format-duration.js';

/** `file:line`, or the pseudo-location of hooks without a file. */
function hookLocation(handler: HandlerRecord): string {
  if (handler.file === null) return handler.source;
  return handler.line === null ? handler.file : `${handler.file}:${handler.line}`;
}

/**
 * The lines that show a person exactly what a hook will run. `scripts`: for hooks whose scripts
 * trust tracks (project hooks), which files an edit to revokes trust — or that what the command
 * runs can not be fully known, so the review never implies coverage it does not have.
 */
export function describeHook(handler: HandlerRecord, scripts?: ScriptCoverage): string[] {
  const lines = [`declared: ${handler.source} layer, ${hookLocation(handler)}`, `event:    ${handler.event}`];
  if (handler.matcher.source !== null) lines.push(`matcher:  ${handler.matcher.source}`);
  lines.push(`command:  ${handler.command}`);
  if (scripts?.untracked) {
    const partly = scripts.tracked.length > 0 ? ` (tracked: ${scripts.tracked.join(', ')})` : '';
    lines.push(`scripts:  not tracked — ${scripts.untracked}; an edit to what it runs is not noticed${partly}`);
  } else if (scripts && scripts.tracked.length > 0) {
    lines.push(`scripts:  ${scripts.tracked.join(', ')} (an edit to them makes the hook modified)`);
  }
  lines.push(`timeout:  ${formatDuration(handler.timeoutMs)}, ${handler.async ? 'async' : 'sync'}`);
  if (handler.statusMessage !== null) lines.push(`status message: ${handler.statusMessage}`);
  if (handler.onFailure === 'abort') lines.push('on failure: abort (fail closed)');
  return lines;
}
