import { createInterface, type Interface } from 'node:readline';
import { UsageError } from '../errors.js';
import { showText } from '../util/show-text.js';
import type { TrustUnit } from '../kit/trust-authority.js';

/** True when a person can be asked: both stdin and stdout are terminals. */
function canAskOnTerminal(): boolean {
  return process.stdin.isTTY === true && process.stdout.isTTY === true;
}

/**
 * Shows each pending decision on the terminal and asks y/N (default no). Returns the confirm
 * function for trustHooks and a close function that releases stdin.
 */
function terminalReview(): Reviewer & { confirm: (unit: TrustUnit) => Promise<boolean> } {
  let readline: Interface | null = null;
  let ended = false;
  const open = (): Interface => {
    if (readline === null) {
      readline = createInterface({ input: process.stdin, output: process.stdout });
      readline.on('close', () => (ended = true));
    }
    return readline;
  };
  const ask = async (question: string): Promise<boolean> => {
    const prompt = open();
    if (ended) return false;
    const answer = await new Promise<string>((resolve) => {
      // End of input (Ctrl-D) is a "no", never a hang.
      const onClose = () => resolve('');
      prompt.once('close', onClose);
      prompt.question(`${question} [y/N] `, (text) => {
        prompt.off('close', onClose);
        resolve(text);
      });
    });
    return /^y(es)?$/i.test(answer.trim());
  };
  return {
    ask,
    async confirm(unit) {
      open();
      // Every line quotes the repository's own text: shown escaped, it cannot redraw itself (SPEC 6.1.3).
      process.stdout.write(`\n${showText(unit.label)} is ${unit.status}:\n${unit.review.map((line) => `  ${showText(line)}\n`).join('')}`);
      return ask(`Trust ${showText(unit.label)}?`);
    },
    close() {
      readline?.close();
    },
  };
}

/** How a trust command asks: `confirm` per hook decision, `ask` for a yes/no question (a terminal only). */
export interface Reviewer {
  confirm?: (unit: TrustUnit) => Promise<boolean>;
  ask?: (question: string) => Promise<boolean>;
  close: () => void;
}

/**
 * How `hookctl trust` decides: `--yes` trusts without asking; a terminal asks per decision; anything
 * else refuses (UsageError) before anything is recorded.
 */
export function chooseReviewer(yes: boolean): Reviewer {
  if (yes) return { close: () => undefined };
  if (canAskOnTerminal()) return terminalReview();
  return {
    async confirm(unit) {
      throw new UsageError(
        `refusing to trust ${showText(unit.label)} without review: stdin and stdout are not both a terminal to ask on. ` +
          'Run `hookctl trust` in a terminal to review, or pass --yes to trust without review.',
      );
    },
    close: () => undefined,
  };
}
