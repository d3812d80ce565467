type Environment = Readonly<Record<string, string | undefined>>;

/**
 * What a configuration load took from the environment, for the compiled-config cache: each
 * variable it looked up (with its value, or null when unset), each it only asked about (is it set:
 * Object.hasOwn, and what Object.keys asks of every name) and, if it listed the environment's
 * names, that list. A load is a function of its files, its settings and these reads, so an entry
 * holds while every recorded read gives the same answer. Keying on the whole environment instead
 * would miss on every run under an agent or a tool that passes a variable changing per call
 * (a session id, a pid, a benchmark's random padding) which no loader looks at.
 */
export interface EnvironmentReads {
  /** Sorted names of the set variables, when the load listed them (Object.keys, a spread); else null. */
  names: string[] | null;
  /** [name, value or null when unset], sorted by name. */
  values: [string, string | null][];
  /** [name, whether it is set] of names only asked about, sorted by name. */
  present: [string, boolean][];
}

/** The environment as a load sees it, and what the load read from it so far. */
export function recordEnvironmentReads(env: Environment): {
  env: Environment;
  reads: () => EnvironmentReads;
} {
  const values = new Map<string, string | null>();
  const present = new Map<string, boolean>();
  let listed = false;
  const note = (name: string | symbol): void => {
    if (typeof name === 'string') values.set(name, env[name] ?? null);
  };
  const noteSet = (name: string | symbol): void => {
    if (typeof name === 'string') present.set(name, env[name] !== undefined);
  };
  const proxy = new Proxy(env, {
    get: (target, name) => {
      note(name);
      return Reflect.get(target, name);
    },
    has: (target, name) => {
      noteSet(name);
      return Reflect.has(target, name);
    },
    // Asked of every name by Object.keys, so only whether the name is set is recorded. A load that
    // took a value from the descriptor itself would escape the record; values are read with [[Get]].
    getOwnPropertyDescriptor: (target, name) => {
      noteSet(name);
      return Reflect.getOwnPropertyDescriptor(target, name);
    },
    ownKeys: (target) => {
      listed = true;
      return Reflect.ownKeys(target);
    },
  });
  const reads = (): EnvironmentReads => ({
    names: listed ? setNames(env) : null,
    values: [...values].sort(byName),
    // A listing decides every name's presence: the same names, the same answers.
    present: listed ? [] : [...present].sort(byName),
  });
  return { env: proxy, reads };
}

/** True when every read recorded in `reads` gives the same answer in `env`. */
export function environmentHolds(reads: EnvironmentReads, env: Environment): boolean {
  for (const [name, value] of reads.values) if ((env[name] ?? null) !== value) return false;
  for (const [name, set] of reads.present) if ((env[name] !== undefined) !== set) return false;
  if (reads.names === null) return true;
  const names = setNames(env);
  return names.length === reads.names.length && names.every((name, index) => name === reads.names![index]);
}

function byName([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The names of the variables that are set, sorted by code unit. */
function setNames(env: Environment): string[] {
  return Object.keys(env)
    .filter((name) => env[name] !== undefined)
    .sort();
}

/** A recorded read set from the cache file, checked for shape: anything else is a miss. */
export function isEnvironmentReads(value: unknown): value is EnvironmentReads {
  if (typeof value !== 'object' || value === null) return false;
  const { names, values, present } = value as Partial<EnvironmentReads>;
  const nameList = names === null || (Array.isArray(names) && names.every((name) => typeof name === 'string'));
  const pairs = (list: unknown, second: (item: unknown) => boolean): boolean =>
    Array.isArray(list) && list.every((pair) => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && second(pair[1]));
  return (
    nameList && pairs(values, (item) => item === null || typeof item === 'string') && pairs(present, (item) => typeof item === 'boolean')
  );
}
