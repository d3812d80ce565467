import type { HandlerRecord } from '../kit/handler-record.js';
import { formatDuration } from '../util/format-duration.js';

/** `file:line`, or the pseudo-location of hooks without a file. */
function hookLocation(handler: HandlerRecord): string {
  if (handler.file === null) return handler.source;
  return handler.line === null ? handler.file : `${handler.file}:${handler.line}`;
}

/** The lines that show a person exactly what a hook will run. */
export function describeHook(handler: HandlerRecord): string[] {
  const lines = [
    `declared: ${handler.source} layer, ${hookLocation(handler)}`,
    `event:    ${handler.event}`,
  ];
  if (handler.matcher.source !== null) lines.push(`matcher:  ${handler.matcher.source}`);
  lines.push(`command:  ${handler.command}`);
  lines.push(`timeout:  ${formatDuration(handler.timeoutMs)}, ${handler.async ? 'async' : 'sync'}`);
  if (handler.statusMessage !== null) lines.push(`status message: ${handler.statusMessage}`);
  if (handler.onFailure === 'abort') lines.push('on failure: abort (fail closed)');
  return lines;
}
