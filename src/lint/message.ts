/**
 * Rules and reporters import the message templates from here. They are defined in src/kit/message.ts,
 * below every layer, because config, lint and the dialects all describe findings with them.
 */
export * from '../kit/message.js';
