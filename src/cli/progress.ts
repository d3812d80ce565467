import type { RunStartInfo } from '../engine/dispatch.js';
import type { RunReport } from '../kit/outcome.js';

import { showText } from '../util/show-text.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Shows each running hook's status message (or its command) on stderr: a spinner on a TTY, one
 * plain line per start otherwise. Returns the dispatch callbacks and a stop function.
 */
export function createProgress(stream: NodeJS.WriteStream = process.stderr) {
  const running = new Map<string, string>();
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  const draw = () => {
    if (running.size === 0) return;
    stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${[...running.values()].join(', ')}`);
  };
  const clear = () => stream.write('\r\x1b[2K');
  return {
    onRunStart(run: RunStartInfo) {
      // The status message and command come from the config: escaped, they cannot redraw the terminal.
      const label = showText(run.statusMessage ?? run.command);
      if (!stream.isTTY) {
        stream.write(`running ${showText(run.id)}: ${label}\n`);
        return;
      }
      running.set(run.id, label);
      timer ??= setInterval(draw, 80);
      draw();
    },
    onRunEnd(report: RunReport) {
      if (!stream.isTTY) return;
      running.delete(report.id);
      if (running.size === 0) {
        clearInterval(timer);
        timer = undefined;
        clear();
      }
    },
    stop() {
      if (timer) {
        clearInterval(timer);
        timer = undefined;
        clear();
      }
    },
  };
}
