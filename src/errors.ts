import { formatFinding, type Finding } from './kit/finding.js';
import { didYouMeanSuffix } from './util/did-you-mean.js';
import { showText } from './util/show-text.js';
import type { ValidationError } from './kit/index.js';

/**
 * Base class of every error a user can meet. The CLI prints `message` (one paragraph, no stack
 * trace unless --debug) and exits with `exitCode`.
 */
export class HookctlError extends Error {
  readonly exitCode: number = 2;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad command-line usage: unknown dialect, unknown event, bad option value. */
export class UsageError extends HookctlError {}

/** A config file cannot be loaded under the dialect's runtime policy (octo hard errors). */
export class ConfigLoadError extends HookctlError {
  constructor(readonly findings: readonly Finding[]) {
    super(
      `hook configuration has ${findings.length} error${findings.length === 1 ? '' : 's'}; nothing was loaded:\n` +
        findings.map((finding) => `  ${formatFinding(finding)}`).join('\n'),
    );
  }
}

/**
 * A reload of a long-lived engine (`engine.reload()`, `watch: true`, `hookctl serve`) found errors
 * the running configuration does not have (an edit broke a file or a group); the last good
 * configuration stays in effect until they are fixed.
 */
export class ConfigReloadError extends HookctlError {
  constructor(readonly findings: readonly Finding[]) {
    super(
      `the changed hook configuration has ${findings.length} new error${findings.length === 1 ? '' : 's'}; ` +
        'the last good configuration stays in effect:\n' +
        findings.map((finding) => `  ${formatFinding(finding)}`).join('\n'),
    );
  }
}

/** A dispatch payload does not match the event's input schema. */
export class PayloadValidationError extends HookctlError {
  constructor(
    readonly event: string,
    readonly errors: readonly ValidationError[],
  ) {
    super(`invalid ${event} payload:\n${errors.map((e) => `  ${e.path || '/'}: ${e.message}`).join('\n')}`);
  }
}

/**
 * A dispatch payload JSON can not carry to a hook: a cycle, a BigInt, or not an object at all. The
 * hooks never run on it (a PayloadValidationError, with the path of the problem).
 */
export class PayloadNotJsonError extends PayloadValidationError {}

/** A dialect id hookctl does not speak (`createEngine({ dialect })`, `loadDialect`). */
export class UnknownDialectError extends UsageError {
  constructor(
    readonly dialect: string,
    known: readonly string[],
    suggestion: string | null,
  ) {
    super(
      `unknown dialect ${JSON.stringify(dialect)}` +
        (suggestion ? didYouMeanSuffix(suggestion) : `; hookctl speaks ${known.map((id) => `"${id}"`).join(', ')}`) +
        ' (pass one of them as the engine option `dialect`, or a Dialect object)',
    );
  }
}

/** The event name is not part of the dialect. */
export class UnknownEventError extends HookctlError {
  constructor(
    readonly dialect: string,
    readonly event: string,
    suggestion: string | null,
  ) {
    super(`unknown ${dialect} event "${event}"${didYouMeanSuffix(suggestion)}`);
  }
}

/** A trust store file cannot be read as the format hookctl writes; it is never overwritten silently. */
export class TrustStoreError extends HookctlError {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(
      `trust store ${file} is not valid: ${reason}. hookctl will not overwrite it; ` +
        'repair it by hand, or delete it to start over (every hook then needs trust again).',
    );
  }
}

/**
 * Trusting these hooks would make the configuration stop loading: their file has errors that are
 * fatal once it runs (octo, SPEC 3.2). Nothing is recorded.
 */
export class TrustRefusedError extends HookctlError {
  constructor(
    readonly file: string,
    readonly findings: readonly Finding[],
  ) {
    super(
      `not trusting ${file}: it has ${findings.length} error${findings.length === 1 ? '' : 's'} ` +
        'that would stop every hook from loading once it runs; ' +
        'fix them and run `hookctl trust` again. Nothing was recorded.\n' +
        findings.map((finding) => `  ${formatFinding(finding)}`).join('\n'),
    );
  }
}

/** A trust store could not be updated (a home that is not writable, a full disk, a foreign lock); it is unchanged. */
export class TrustStoreWriteError extends HookctlError {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`cannot update the trust store ${file}: ${reason}. Nothing was recorded.`);
  }
}

/** A hook id given on the command line names no configured hook. */
export class UnknownHookError extends HookctlError {
  constructor(
    readonly id: string,
    suggestion: string | null,
  ) {
    super(
      `no hook with id "${showText(id)}"` +
        (suggestion ? didYouMeanSuffix(showText(suggestion)) : '; run `hookctl list` to see every hook id'),
    );
  }
}

/** A hook id names several hooks (declared by several sources); the person must pick one. */
export class AmbiguousHookIdError extends HookctlError {
  constructor(
    readonly id: string,
    readonly candidates: readonly { name: string; where: string }[],
    /** `prefix`: several hook ids start with it (an abbreviated id), rather than several hooks declaring it. */
    match: 'declared' | 'prefix' = 'declared',
  ) {
    const width = Math.max(...candidates.map((entry) => entry.name.length));
    const how = match === 'prefix' ? 'hook ids start with it' : 'hooks declare it';
    super(
      `hook id "${showText(id)}" is ambiguous: ${candidates.length} ${how}; nothing was changed. ` +
        `Name one of them:\n${candidates.map((entry) => `  ${showText(entry.name).padEnd(width)}  ${showText(entry.where)}`).join('\n')}`,
    );
  }
}

/** `hookctl test` found no `*.case.json` files to run. */
export class NoCasesError extends HookctlError {}

/** `hookctl scaffold` would overwrite an existing hook script. */
export class ScaffoldExistsError extends HookctlError {
  constructor(readonly file: string) {
    super(`${file} already exists; pass --force to overwrite it, or choose another --name`);
  }
}

/**
 * A file hookctl was asked to write (a scaffolded script, a config `--register` edits) could not be
 * written safely: a symlink in the way, a read-only directory, a full disk. Nothing was changed.
 */
export class FileWriteError extends HookctlError {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly refused: boolean,
  ) {
    super(`${refused ? 'refusing to write' : 'cannot write'} ${file}: ${reason}. Nothing was changed.`);
  }
}

/** `--register` cannot add a hook to a config file without risking its content. */
export class RegisterError extends HookctlError {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`cannot register the hook in ${file}: ${reason}. The file was not changed; add the snippet by hand.`);
  }
}

/** A `--set path=value` override is malformed or cannot be applied to the fixture. */
export class InvalidOverrideError extends HookctlError {
  constructor(
    readonly override: string,
    reason: string,
  ) {
    super(`--set ${override}: ${reason}`);
  }
}

/** `--set` overrides turned a fixture into a payload the event's input schema rejects. */
export class FixtureValidationError extends HookctlError {
  constructor(
    readonly event: string,
    readonly errors: readonly ValidationError[],
  ) {
    super(
      `the --set overrides make the ${event} fixture invalid against its input schema:\n` +
        errors.map((e) => `  ${e.path || '/'}: ${e.message}`).join('\n'),
    );
  }
}

/** A host tried to register an in-process hook where the dialect allows none (the PreToolUse gate). */
export class InProcessNotAllowedError extends HookctlError {
  constructor(
    readonly dialect: string,
    readonly event: string,
  ) {
    super(`${dialect} runs only shell hooks on ${event}: in-process hooks cannot take part in that gate`);
  }
}

/** A hook id is already loaded, so another hook cannot take it. */
export class DuplicateHookIdError extends HookctlError {
  constructor(readonly id: string) {
    super(`a hook with id "${id}" is already loaded; give the in-process hook another name`);
  }
}

/** The hookctl installation itself is broken: a file the package ships cannot be found. */
export class InstallationError extends HookctlError {}

/** hookctl would have to change a config file it does not own the layout of, or the write failed. Nothing was written. */
export class ConfigWriteError extends HookctlError {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`cannot record this in ${file}: ${reason}. Nothing was written.`);
  }
}
