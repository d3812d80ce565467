// Types of scripts/agent-changes.mjs, for the tests that import it.
export interface FactChange {
  kind: 'event' | 'key' | 'setting' | 'value' | 'payload' | 'output' | 'tool-input' | 'order';
  change: 'added' | 'removed' | 'changed';
  subject: string;
  from?: unknown;
  to?: unknown;
  /** `file › title` of the test that fails until hookctl follows. */
  test: string;
}
export type AgentId = 'claude' | 'codex' | 'gemini';
export const AGENT_NAMES: Readonly<Record<AgentId, string>>;
export function compareFacts(agent: AgentId, before: object, after: object): FactChange[];
export function sinceCandidates(changes: readonly FactChange[]): string[];
export function formatChangeReport(agent: AgentId, before: object, after: object): string;
export function namedTests(): string[];
export function updateProvenTable(
  source: string,
  versions: Readonly<Record<string, string>>,
  since?: Readonly<Record<string, Readonly<Record<string, string>>>>,
): string;
export function updateDocsTable(markdown: string, versions: Readonly<Record<string, string>>): string;
export function sinceEntries(changes: readonly FactChange[], version: string): Record<string, string>;
