/**
 * A Map that forgets its oldest entry (in insertion order) once it holds more than `limit`: for
 * state keyed by untrusted input, such as the calls of a session record still waiting for their
 * result, whose count the input decides.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.set(key, value);
    if (this.size > this.limit) this.delete(this.keys().next().value as K);
    return this;
  }

  /** The value under `key`, removed from the map; undefined when there is none. */
  take(key: K): V | undefined {
    const value = this.get(key);
    this.delete(key);
    return value;
  }
}
