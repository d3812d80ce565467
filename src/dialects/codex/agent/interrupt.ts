/**
 * A scripted tool call that interrupts the turn it runs in, as Ctrl-C would: the command sends SIGINT
 * to its nearest `codex` ancestor (`codex exec` interrupts the running turn and runs its Interrupt
 * hooks; the call itself never finishes). Shared by `hookctl test --agent codex` and the real-Codex
 * suite (test/agents/codex/cases-model.ts).
 */
export const INTERRUPT_COMMAND = [
  'p=$$',
  'while [ "$p" -gt 1 ]; do',
  '  if [ "$(cat /proc/$p/comm)" = codex ]; then kill -INT "$p"; break; fi',
  "  p=$(awk '{print $4}' /proc/$p/stat)",
  'done',
  'sleep 5',
  'touch ran-1',
].join('\n');
