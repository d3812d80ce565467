import type { HookExample } from '../../kit/index.js';

/**
 * What a claude hook can do for an event, in the exact wire form. A stub for the dialect object:
 * the scaffolding work (claude-authoring) fills in every event's examples.
 */
export function claudeExamples(_event: string): HookExample[] {
  return [];
}
