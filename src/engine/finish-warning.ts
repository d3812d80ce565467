/**
 * Thrown by a dialect's after-dispatch step (DispatchPreparation.finish) that produced its output
 * but hit a problem worth a warning (claude: the CLAUDE_ENV_FILE directory could not be removed).
 * The dispatch keeps `output` and reports `message` as a warning (issue 22, hole 6).
 */
export class FinishWarning extends Error {
  constructor(
    message: string,
    readonly output: Record<string, unknown> | null,
  ) {
    super(message);
    this.name = 'FinishWarning';
  }
}
