import { createRule } from '../rule.js';
import { handlerCommand } from '../../config/handler-command.js';

const EVERY_RUN = 'so every run executes whatever the registry serves at that moment, and fails when it cannot be reached';

/**
 * Hooks that run code fetched at run time (issue 39): `curl … | sh`, `wget -O- … | bash`, `npx -y
 * <unpinned>`, `uvx`/`pipx run` of an unpinned package, `pip install` in a hook. What runs can
 * change between two tool calls, without a commit, and offline the hook fails. A warning, with the
 * pinned or vendored form.
 */
export const fetchedAtRunTime = createRule({
  id: 'fetched-at-run-time',
  severity: 'warning',
  description: 'a hook that runs code fetched at run time: a download piped into a shell, an unpinned npx -y, uvx or pipx run, pip install',
  atLoad: false,
  messages: {
    // {{shell}} the program the download is piped into.
    pipedIntoShell:
      'the hook downloads a script and runs it with {{shell}} ({{text}}): whatever the server sends runs, on every run, and the ' +
      'hook fails offline; commit the script to the repository (checked, or pinned by its checksum) and run that copy',
    // {{launcher}} as written (`npx -y`, `uvx`, `pipx run`), {{package}} its unpinned package, {{pinned}} the pinned form.
    unpinned: `"{{launcher}} {{package}}" fetches the newest {{package}} at run time, ${EVERY_RUN}; pin it: {{pinned}}`,
    installs:
      '"{{text}}" installs packages each time the hook runs, from whatever the index serves, and fails offline; install them once ' +
      '(a pinned requirements file or lockfile, outside the hook) and run the installed program',
  },
  check({ spec, checked, report }) {
    for (const handler of checked.declarations.handlers) {
      const command = handlerCommand(spec, handler.node);
      if (command === null) continue;
      const text = command.text;
      const pos = command.pos;
      const piped = pipedDownload(text);
      if (piped !== null) report({ messageId: 'pipedIntoShell', data: piped, pos });
      const runner = unpinnedRunner(text);
      if (runner !== null) report({ messageId: 'unpinned', data: runner, pos });
      const install = /(?:^|[\s;&|(])((?:python3?\s+-m\s+)?(?:pip3?|uv\s+pip)\s+install\b[^;&|\n]*)/.exec(text);
      if (install !== null) report({ messageId: 'installs', data: { text: install[1]!.trim() }, pos });
    }
  },
});

const SHELLS = '(?:sh|bash|zsh|dash|ksh|python3?|node|perl|ruby)';

/** `curl … | sh`, `wget -qO- … | sudo bash`, `bash <(curl …)`, `sh -c "$(curl …)"`: the shell, and the text. */
function pipedDownload(command: string): { shell: string; text: string } | null {
  // `| python3 -c '…'`, `| node -e '…'`: the download is data for inline code, not the code run.
  const pipe = new RegExp(`((?:curl|wget)\\b[^|;&\\n]*\\|\\s*(?:sudo\\s+(?:-\\S+\\s+)*)?(${SHELLS}))\\b(?!\\s+-[ce]\\b)`).exec(command);
  if (pipe !== null) return { shell: pipe[2]!, text: pipe[1]! };
  const substituted = new RegExp(`(\\b(${SHELLS})\\s+(?:-c\\s+)?["']?(?:<\\(|\\$\\()\\s*(?:curl|wget)\\b[^)]*\\))`).exec(command);
  return substituted === null ? null : { shell: substituted[2]!, text: substituted[1]! };
}

/** An exact version: `pkg@1.2.3` (npm, uvx), `pkg==1.2.3` (pip). */
const PINNED = /(?:@v?\d+\.\d+\.\d+|==\d[\w.]*)$/;

/** A package runner that fetches its package (`npx -y`, `pnpm dlx`, `uvx`, `pipx run`) with an unpinned one. */
function unpinnedRunner(command: string): { launcher: string; package: string; pinned: string } | null {
  for (const simple of command.split(/&&|\|\||[;|\n]/)) {
    const words = simple
      .trim()
      .split(/\s+/)
      .map((word) => word.replace(/^["']|["']$/g, ''));
    const found = runnerAt(words);
    if (found !== null) return found;
  }
  return null;
}

function runnerAt(words: readonly string[]): { launcher: string; package: string; pinned: string } | null {
  const program = words[0];
  let rest: readonly string[];
  let launcher: string;
  if (program === 'npx') {
    // Without -y/--yes npx runs a local install or asks; with it, it downloads what the registry has.
    if (!words.some((word) => word === '-y' || word === '--yes')) return null;
    [launcher, rest] = ['npx -y', words.slice(1)];
  } else if ((program === 'pnpm' || program === 'yarn') && words[1] === 'dlx') {
    [launcher, rest] = [`${program} dlx`, words.slice(2)];
  } else if (program === 'uvx' || (program === 'uv' && words[1] === 'tool' && words[2] === 'run')) {
    [launcher, rest] = [program === 'uvx' ? 'uvx' : 'uv tool run', words.slice(program === 'uvx' ? 1 : 3)];
  } else if (program === 'pipx' && words[1] === 'run') {
    [launcher, rest] = ['pipx run', words.slice(2)];
  } else return null;
  // The package: a --package/--from/--spec value, else the first operand.
  let name: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    const option = /^(?:--package|-p|--from|--spec)(?:=(.*))?$/.exec(word);
    if (option !== null) {
      name = option[1] ?? rest[i + 1];
      break;
    }
    if (word.startsWith('-')) continue;
    name = word;
    break;
  }
  if (name === undefined || name === '' || /^[./~$]/.test(name) || PINNED.test(name)) return null;
  const bare = name.replace(/(?<=.)@[^/]*$/, '');
  // uvx takes `pkg@1.2.3` like npm; pipx a requirement spec.
  const pinned = launcher === 'pipx run' ? `pipx run --spec ${bare}==<version> ${bare}` : `${launcher} ${bare}@<version>`;
  return { launcher, package: name, pinned };
}
