/** Which dialects `enable` and `disable` act on (the trust authorities with a per-hook switch), for both commands' help. */
export const SWITCH_HELP = `
Applies to openinterpreter and codex, which keep a per-hook on/off state. octo and claude have none:
there, remove the hook from its file (claude: or set disableAllHooks); hookctl says so and writes nothing.
`;
