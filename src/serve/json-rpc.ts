import { isPlainObject } from '../util/is-plain-object.js';

/**
 * JSON-RPC 2.0 (https://www.jsonrpc.org/specification) as `hookctl serve` speaks it: one request
 * object per line in, one response object per line out. Batches (a JSON array) are not accepted:
 * pipelining single requests does the same job, and each answer carries its request's id.
 */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** Server-defined (the -32000…-32099 range): the server is shutting down and takes no new work. */
export const SHUTTING_DOWN = -32000;
/** Server-defined: the request was valid but the engine refused it (a hookctl error with a remedy). */
export const ENGINE_ERROR = -32001;

export type RequestId = string | number | null;

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type Response = { jsonrpc: '2.0'; id: RequestId; result: unknown } | { jsonrpc: '2.0'; id: RequestId; error: RpcError };

/** A well-formed request; `id` undefined makes it a notification, which gets no response. */
export interface Request {
  id: RequestId | undefined;
  method: string;
  params: unknown;
}

export type ParsedLine = { ok: true; request: Request } | { ok: false; id: RequestId; error: RpcError };

/** Parses one line into a request, or the error response it deserves. */
export function parseLine(line: string): ParsedLine {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return invalid(null, PARSE_ERROR, `parse error: ${(error as Error).message}`);
  }
  if (Array.isArray(message)) {
    return invalid(null, INVALID_REQUEST, 'batch requests are not supported; send one request object per line');
  }
  if (!isPlainObject(message)) return invalid(null, INVALID_REQUEST, 'a request must be a JSON object');
  const hasId = Object.hasOwn(message, 'id');
  const id = message.id;
  if (hasId && !isRequestId(id)) return invalid(null, INVALID_REQUEST, '"id" must be a string, a number or null');
  const answerId = hasId ? (id as RequestId) : null;
  if (message.jsonrpc !== '2.0') return invalid(answerId, INVALID_REQUEST, '"jsonrpc" must be "2.0"');
  if (typeof message.method !== 'string') return invalid(answerId, INVALID_REQUEST, '"method" must be a string');
  const params = message.params;
  if (params !== undefined && params !== null && typeof params !== 'object') {
    return invalid(answerId, INVALID_REQUEST, '"params" must be an object or an array');
  }
  return { ok: true, request: { id: hasId ? (id as RequestId) : undefined, method: message.method, params } };
}

export function resultResponse(id: RequestId, result: unknown): Response {
  return { jsonrpc: '2.0', id, result };
}

export function errorResponse(id: RequestId, error: RpcError): Response {
  return { jsonrpc: '2.0', id, error };
}

/** A request failure that becomes an error response. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toError(): RpcError {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || value === null || (typeof value === 'number' && Number.isFinite(value));
}

function invalid(id: RequestId, code: number, message: string): ParsedLine {
  return { ok: false, id, error: { code, message } };
}
