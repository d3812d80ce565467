import { opendir } from 'node:fs/promises';
import { join } from 'node:path';
import type { HandlerSource } from '../kit/handler-record.js';
import type { ConfigFile, FileRole } from './config-file.js';
import { discoveredFile } from './discovered-file.js';
import type { ConfigFormat } from './source-tree.js';

/**
 * At most this many entries of one listed directory are looked at: a checkout can commit any number
 * of files there, and the rest is reported (an error at the directory), never skipped silently.
 */
export const LISTING_LIMIT = 1000;

/** What a listing layer reads: the files of `dir` whose names end in `suffix`, in `order` of their names. */
export interface ListingRead {
  readonly dir: string;
  readonly suffix: string;
  readonly order: 'ascending' | 'descending';
  readonly source: HandlerSource;
  readonly format: ConfigFormat;
  readonly role: FileRole;
}

/**
 * The listed files in the agent's order (by UTF-16 code units of their names), and an error file
 * when the directory holds too many entries.
 */
export async function readListing(listing: ListingRead): Promise<ConfigFile[]> {
  const { dir, source, format, role } = listing;
  const listed = await firstEntries(dir);
  if (listed === null) return [];
  const names = listed.names.filter((name) => name.endsWith(listing.suffix)).sort();
  if (listing.order === 'descending') names.reverse();
  const read = await Promise.all(names.map((name) => discoveredFile(join(dir, name), format, { source, role, layer: dir })));
  const files = read.filter((file): file is ConfigFile => file !== null);
  if (listed.truncated) files.push(tooManyEntries(listing));
  return files;
}

/** The first LISTING_LIMIT names of a directory, read one by one (never the whole listing); null when it cannot be read. */
async function firstEntries(dir: string): Promise<{ names: string[]; truncated: boolean } | null> {
  const names: string[] = [];
  try {
    const handle = await opendir(dir);
    try {
      for (let entry = await handle.read(); entry !== null; entry = await handle.read()) {
        if (names.length === LISTING_LIMIT) return { names, truncated: true };
        names.push(entry.name);
      }
    } finally {
      await handle.close().catch(() => undefined);
    }
  } catch {
    return names.length === 0 ? null : { names, truncated: false };
  }
  return { names, truncated: false };
}

function tooManyEntries({ dir, source, format, role }: ListingRead): ConfigFile {
  const message = `more than ${LISTING_LIMIT} entries in this directory; the rest is not read`;
  const pos = { line: 1, column: 1, offset: 0 };
  return {
    parsed: { path: dir, format, text: '', root: null, errors: [{ message, pos }], duplicateKeys: [] },
    source,
    role,
    layer: dir,
    plugin: null,
  };
}
