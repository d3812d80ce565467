import { didYouMean, didYouMeanSuffix } from '../util/did-you-mean.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { INVALID_PARAMS, RpcFailure } from './json-rpc.js';

/** What `dispatch` takes: `{ "event": …, "payload": {…}, "matcherAliases"?: [...] }`. */
export interface DispatchParams {
  event: string;
  payload: Record<string, unknown>;
  matcherAliases: string[] | undefined;
}

const DISPATCH_KEYS = ['event', 'payload', 'matcherAliases'];

/**
 * Checks `dispatch` params, naming the problem. An unknown key is refused rather than ignored: a
 * misspelt `matcherAliases` would otherwise silently select fewer hooks.
 */
export function dispatchParams(params: unknown): DispatchParams {
  if (!isPlainObject(params))
    throw invalidParams('dispatch takes params { "event": string, "payload": object, "matcherAliases"?: string[] }');
  for (const key of Object.keys(params)) {
    if (!DISPATCH_KEYS.includes(key)) {
      throw invalidParams(`unknown dispatch param ${JSON.stringify(key)}${didYouMeanSuffix(didYouMean(key, DISPATCH_KEYS))}`, {
        param: key,
      });
    }
  }
  const { event, payload, matcherAliases } = params;
  if (typeof event !== 'string')
    throw invalidParams('params.event must be a string naming the event, e.g. "PreToolUse"', { param: 'event' });
  if (!isPlainObject(payload))
    throw invalidParams('params.payload must be a JSON object (the event payload the agent would send the hook)', { param: 'payload' });
  if (matcherAliases !== undefined && !(Array.isArray(matcherAliases) && matcherAliases.every((alias) => typeof alias === 'string'))) {
    throw invalidParams('params.matcherAliases must be an array of strings', { param: 'matcherAliases' });
  }
  return { event, payload, matcherAliases: matcherAliases as string[] | undefined };
}

/** `list` and `shutdown` take nothing: params absent, `{}` or `[]`. */
export function noParams(method: string, params: unknown): void {
  const empty =
    params === undefined ||
    params === null ||
    (Array.isArray(params) ? params.length === 0 : isPlainObject(params) && Object.keys(params).length === 0);
  if (!empty) throw invalidParams(`${method} takes no params`);
}

function invalidParams(message: string, data?: unknown): RpcFailure {
  return new RpcFailure(INVALID_PARAMS, message, data);
}
