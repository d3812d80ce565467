import { homedir } from 'node:os';
import { resolve } from 'node:path';

/** The user home whose config layers apply: the given one, else $HOME, else the OS account's. */
export function userHome(explicit?: string): string {
  return resolve(explicit ?? process.env.HOME ?? homedir());
}
