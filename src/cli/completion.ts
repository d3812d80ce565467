import type { Command, Option } from 'commander';

/**
 * Shell completion scripts, generated from the commander program itself so a new command or option
 * completes without anyone editing a script: command names, each command's options, the values of
 * options with choices (--format, --dialect, --lang), directories and files for `<dir>`/`<file>`
 * values, and event names for an `<event>` argument.
 */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

type ValueKind = 'none' | 'dir' | 'file' | 'choices' | 'text';

interface OptionModel {
  long: string;
  short: string | null;
  description: string;
  value: ValueKind;
  choices: readonly string[];
}

interface CommandModel {
  name: string;
  description: string;
  options: OptionModel[];
  /** What the positional arguments complete to. */
  positional: 'events' | 'files' | 'commands' | 'shells' | 'none';
}

export interface CompletionModel {
  commands: CommandModel[];
  globalOptions: OptionModel[];
  /** Every dialect's event names: what an `<event>` completes to when no dialect is known. */
  events: readonly string[];
  /** Per dialect, its events and the project config files that make it the detected one (bash narrows to it). */
  dialects?: readonly { id: string; events: readonly string[]; configFiles: readonly string[] }[];
}

function optionModel(option: Option): OptionModel | null {
  if (option.hidden || !option.long) return null;
  const value: ValueKind = option.argChoices
    ? 'choices'
    : !option.required && !option.optional
      ? 'none'
      : /<dir>/.test(option.flags)
        ? 'dir'
        : /<file>/.test(option.flags)
          ? 'file'
          : 'text';
  return {
    long: option.long,
    short: option.short ?? null,
    description: firstClause(option.description),
    value,
    choices: option.argChoices ?? [],
  };
}

function positionalOf(command: Command): CommandModel['positional'] {
  if (command.name() === 'help') return 'commands';
  if (command.name() === 'completion') return 'shells';
  const first = command.registeredArguments[0]?.name();
  if (first === 'event') return 'events';
  if (first === 'files' || first === 'dir') return 'files';
  return 'none';
}

/** The model of a built program; `events` are the event names of every dialect. */
export function completionModel(program: Command, events: readonly string[], dialects: CompletionModel['dialects'] = []): CompletionModel {
  const help = { long: '--help', short: '-h', description: 'display help for command', value: 'none', choices: [] } as const;
  const commands = program.commands.map((command) => ({
    name: command.name(),
    description: firstClause(command.description()),
    options: [...command.options.flatMap((option) => optionModel(option) ?? []), help],
    positional: positionalOf(command),
  }));
  if (!commands.some((command) => command.name === 'help')) {
    commands.push({ name: 'help', description: 'display help for command', options: [], positional: 'commands' });
  }
  return { commands, globalOptions: [...program.options.flatMap((option) => optionModel(option) ?? []), help], events, dialects };
}

/**
 * A one-line description: the first clause (an unclosed parenthesis cut with it), without the
 * characters the shells' description syntaxes treat specially.
 */
function firstClause(text: string): string {
  return text
    .split(/; |: /)[0]!
    .replace(/\s*\([^)]*$/, '')
    .replace(/[[\]'"`\\$]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function renderCompletion(shell: Shell, model: CompletionModel): string {
  if (shell === 'bash') return renderBash(model);
  if (shell === 'zsh') return renderZsh(model);
  return renderFish(model);
}

function words(model: CompletionModel, positional: CommandModel['positional']): string {
  if (positional === 'events') return model.events.join(' ');
  if (positional === 'commands') return model.commands.map((command) => command.name).join(' ');
  if (positional === 'shells') return SHELLS.join(' ');
  return '';
}

function optionWords(options: readonly OptionModel[]): string {
  return options.flatMap((option) => (option.short ? [option.short, option.long] : [option.long])).join(' ');
}

function renderBash(model: CompletionModel): string {
  const valueCase = (options: readonly OptionModel[]) =>
    options
      .filter((option) => option.value !== 'none')
      .map((option) => {
        const flags = option.short ? `${option.short}|${option.long}` : option.long;
        const reply =
          option.value === 'choices'
            ? `COMPREPLY=($(compgen -W "${option.choices.join(' ')}" -- "$cur"))`
            : option.value === 'dir'
              ? 'COMPREPLY=($(compgen -d -- "$cur"))'
              : option.value === 'file'
                ? 'COMPREPLY=($(compgen -f -- "$cur"))'
                : 'COMPREPLY=()';
        return `        ${flags}) ${reply}; return ;;`;
      })
      .join('\n');
  const commandCases = model.commands
    .map((command) => {
      const positional =
        command.positional === 'files'
          ? 'COMPREPLY=($(compgen -f -- "$cur"))'
          : command.positional === 'events'
            ? 'COMPREPLY=($(compgen -W "$(_hookctl_events)" -- "$cur"))'
            : `COMPREPLY=($(compgen -W "${words(model, command.positional)}" -- "$cur"))`;
      const values = valueCase(command.options);
      return [
        `    ${command.name})`,
        ...(values ? ['      case "$prev" in', values, '      esac'] : []),
        `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${optionWords(command.options)}" -- "$cur")); else ${positional}; fi`,
        '      ;;',
      ].join('\n');
    })
    .join('\n');
  return `# hookctl completion for bash. Load it in the current shell with
#   source <(hookctl completion bash)
# or install it for every shell:
#   hookctl completion bash > ~/.local/share/bash-completion/completions/hookctl
# With hookctl installed in the project only (npm i -D hookctl), complete it under an alias:
#   source <(npx hookctl completion bash); alias hookctl='npx hookctl'
${bashEvents(model)}
_hookctl() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmd="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ "\${COMP_WORDS[i]}" != -* ]]; then cmd="\${COMP_WORDS[i]}"; break; fi
  done
  case "$cmd" in
    "")
      COMPREPLY=($(compgen -W "${model.commands.map((command) => command.name).join(' ')} ${optionWords(model.globalOptions)}" -- "$cur"))
      ;;
${commandCases}
  esac
}
complete -o filenames -F _hookctl hookctl
`;
}

/**
 * \`_hookctl_events\`: the events of the dialect the command line names (\`--dialect X\`, which bash
 * splits as \`--dialect = X\` when written with \`=\`), else of the one dialect whose config files
 * are in the current directory, else of every dialect.
 */
function bashEvents(model: CompletionModel): string {
  const dialects = model.dialects ?? [];
  const detect = dialects
    .map(({ id, configFiles }) => `    [[ ${configFiles.map((file) => `-f ${file}`).join(' || ')} ]] && found+=(${id})`)
    .join('\n');
  const cases = dialects.map(({ id, events }) => `    ${id}) echo "${events.join(' ')}" ;;`).join('\n');
  return `_hookctl_events() {
  local d="" i found=()
  for ((i = 1; i < COMP_CWORD; i++)); do
    if [[ "\${COMP_WORDS[i]}" == --dialect ]]; then
      d="\${COMP_WORDS[i+1]}"
      [[ "$d" == "=" ]] && d="\${COMP_WORDS[i+2]}"
    elif [[ "\${COMP_WORDS[i]}" == --dialect=* ]]; then
      d="\${COMP_WORDS[i]#--dialect=}"
    fi
  done
  if [[ -z "$d" ]]; then
${detect}
    [[ \${#found[@]} -eq 1 ]] && d="\${found[0]}"
  fi
  case "$d" in
${cases}
    *) echo "${model.events.join(' ')}" ;;
  esac
}`;
}

/** The config files that make each dialect the detected one, as a test per dialect in `shell`'s syntax. */
function detectTests(model: CompletionModel, test: (files: readonly string[], id: string) => string): string {
  return (model.dialects ?? []).map(({ id, configFiles }) => test(configFiles, id)).join('\n');
}

/**
 * zsh's \`_hookctl_events\`, as bash's: the \`--dialect\` of the command line (\`--dialect X\` or
 * \`--dialect=X\`), else the one dialect configured in the current directory, else every dialect.
 */
function zshEvents(model: CompletionModel): string {
  const detect = detectTests(model, (files, id) => `    [[ ${files.map((file) => `-f ${file}`).join(' || ')} ]] && found+=(${id})`);
  const cases = (model.dialects ?? []).map(({ id, events }) => `    ${id}) events=(${events.join(' ')}) ;;`).join('\n');
  return `_hookctl_events() {
  local d="" i
  local -a found events
  for ((i = 1; i < CURRENT; i++)); do
    case "\${words[i]}" in
      --dialect) d="\${words[i+1]}" ;;
      --dialect=*) d="\${words[i]#--dialect=}" ;;
    esac
  done
  if [[ -z "$d" ]]; then
${detect}
    (( \${#found} == 1 )) && d="\${found[1]}"
  fi
  case "$d" in
${cases}
    *) events=(${model.events.join(' ')}) ;;
  esac
  compadd -a events
}`;
}

/** fish's \`__hookctl_events\`: the same choice as bash's and zsh's, from \`commandline -opc\`. */
function fishEvents(model: CompletionModel): string {
  const detect = detectTests(
    model,
    (files, id) => `        if ${files.map((file) => `test -f ${file}`).join('; or ')}\n            set -a found ${id}\n        end`,
  );
  const cases = (model.dialects ?? [])
    .map(({ id, events }) => `        case ${id}\n            printf '%s\\n' ${events.join(' ')}`)
    .join('\n');
  return `function __hookctl_events
    set -l tokens (commandline -opc)
    set -l d
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case --dialect
                set d $tokens[(math $i + 1)]
            case '--dialect=*'
                set d (string replace -- --dialect= '' $tokens[$i])
        end
    end
    if test -z "$d"
        set -l found
${detect}
        if test (count $found) -eq 1
            set d $found[1]
        end
    end
    switch "$d"
${cases}
        case '*'
            printf '%s\\n' ${model.events.join(' ')}
    end
end`;
}

function zshSpec(option: OptionModel): string {
  const action =
    option.value === 'choices'
      ? `:${option.long.slice(2)}:(${option.choices.join(' ')})`
      : option.value === 'dir'
        ? ':directory:_files -/'
        : option.value === 'file'
          ? ':file:_files'
          : option.value === 'text'
            ? `:${option.long.slice(2)}: `
            : '';
  const names = option.short ? `{${option.short},${option.long}}` : option.long;
  const quoted = `'[${option.description}]${action}'`;
  return option.short ? `'(${option.short} ${option.long})'${names}${quoted}` : `${names}${quoted}`;
}

function renderZsh(model: CompletionModel): string {
  const commandList = model.commands.map((command) => `    '${command.name}:${command.description}'`).join('\n');
  const cases = model.commands
    .map((command) => {
      const positional =
        command.positional === 'files'
          ? "'*:file:_files'"
          : command.positional === 'none'
            ? ''
            : command.positional === 'events'
              ? "'*:event:_hookctl_events'"
              : `'*:${command.positional}:(${words(model, command.positional)})'`;
      const specs = [...command.options.map(zshSpec), ...(positional ? [positional] : [])];
      return `        ${command.name})\n          _arguments -s \\\n            ${specs.join(' \\\n            ')}\n          ;;`;
    })
    .join('\n');
  return `#compdef hookctl
# hookctl completion for zsh. Load it in the current shell (after compinit) with
#   source <(hookctl completion zsh)
# or install it as _hookctl in a directory of your $fpath:
#   hookctl completion zsh > "\${fpath[1]}/_hookctl"
${zshEvents(model)}
_hookctl() {
  local curcontext="$curcontext" state line
  local -a commands
  commands=(
${commandList}
  )
  _arguments -C \\
    ${model.globalOptions.map(zshSpec).join(' \\\n    ')} \\
    '1: :->command' \\
    '*:: :->args'
  case $state in
    command)
      _describe -t commands 'hookctl command' commands
      ;;
    args)
      case $line[1] in
${cases}
      esac
      ;;
  esac
}
if [[ "\${funcstack[1]}" == _hookctl ]]; then
  _hookctl "$@"
else
  compdef _hookctl hookctl
fi
`;
}

function renderFish(model: CompletionModel): string {
  const lines = [
    '# hookctl completion for fish. Load it in the current shell with',
    '#   hookctl completion fish | source',
    '# or install it for every shell:',
    '#   hookctl completion fish > ~/.config/fish/completions/hookctl.fish',
    'complete -c hookctl -f',
    fishEvents(model),
  ];
  const option = (condition: string, o: OptionModel) => {
    const parts = [`complete -c hookctl -n '${condition}'`, `-l ${o.long.slice(2)}`];
    if (o.short) parts.push(`-s ${o.short.slice(1)}`);
    if (o.value === 'choices') parts.push(`-x -a '${o.choices.join(' ')}'`);
    else if (o.value === 'dir') parts.push("-x -a '(__fish_complete_directories)'");
    else if (o.value === 'file') parts.push('-r -F');
    else if (o.value === 'text') parts.push('-x');
    parts.push(`-d '${o.description}'`);
    return parts.join(' ');
  };
  for (const o of model.globalOptions) lines.push(option('__fish_use_subcommand', o));
  for (const command of model.commands) {
    lines.push(`complete -c hookctl -n '__fish_use_subcommand' -a ${command.name} -d '${command.description}'`);
    const seen = `__fish_seen_subcommand_from ${command.name}`;
    for (const o of command.options) lines.push(option(seen, o));
    if (command.positional === 'files') lines.push(`complete -c hookctl -n '${seen}' -F`);
    else if (command.positional === 'events') lines.push(`complete -c hookctl -n '${seen}' -a '(__hookctl_events)'`);
    else if (command.positional !== 'none') lines.push(`complete -c hookctl -n '${seen}' -a '${words(model, command.positional)}'`);
  }
  return `${lines.join('\n')}\n`;
}
