import { UnknownEventError } from '../errors.js';
import { didYouMean } from '../util/did-you-mean.js';

/** Throws `UnknownEventError` (with the nearest event name as a suggestion) unless `event` is known. */
export function requireKnownEvent(dialect: string, event: string, known: readonly string[]): void {
  if (!known.includes(event)) throw new UnknownEventError(dialect, event, didYouMean(event, known));
}
