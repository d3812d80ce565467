import type { HookExample } from '../kit/index.js';
import type { EventField } from './event-fields.js';
import type { GuardLauncher } from './languages/guard-launcher.js';

/** Everything a template needs about the hook being scaffolded; the same for every language. */
export interface ScaffoldModel {
  dialect: string;
  event: string;
  /** When the event fires, one line (from the dialect's event catalogue). */
  summary: string;
  /** The config command that runs the script from the project root. */
  command: string;
  /** How the command finds the script, in one parenthesised sentence. */
  commandNote: string;
  /** What printing nothing does for this event when that is not "nothing" (see DialectScaffolding.silentEffect). */
  silentEffect: string | null;
  /** The payload's fields, from the event's input schema. */
  fields: EventField[];
  /** String fields particular to this event (not in every event's envelope): the ones worth reading first. */
  keyFields: string[];
  examples: HookExample[];
  /** The event is one of the dialect's guard events (its exit 2 keeps an action from happening). */
  guard: boolean;
  /** Generated type names (`PreToolUseInput`); `outputType` null when stdout is not JSON for the event. */
  inputType: string;
  outputType: string | null;
}

/** A target language: its file extension, how the config runs it, and its template's values. */
export interface Language {
  readonly id: 'js' | 'ts' | 'py' | 'sh';
  readonly extension: string;
  /** Line-comment prefix; example blocks are commented out with it. */
  readonly comment: '//' | '#';
  /** The command that runs `path` (relative to the project root, `/`-separated). */
  command(path: string): string;
  /**
   * How a guard in this language starts so that a missing runtime refuses rather than fails open
   * (see guard-launcher.ts); absent for sh, which every agent's shell has.
   */
  readonly guardLauncher?: GuardLauncher;
  /** Printed after scaffolding: how the script runs and what it needs. */
  readonly note: string;
  /** The code of one example, uncommented, one string per line, unindented. */
  exampleCode(example: HookExample, model: ScaffoldModel): string[];
  /** Values for the template's `{{placeholders}}` besides the shared ones. */
  values(model: ScaffoldModel): Record<string, string>;
}
