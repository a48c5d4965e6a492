/** A Map or a WeakMap; a Map can be bounded (it has a size to check and can be cleared). */
type Store<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown; readonly size?: number; clear?(): void };

/**
 * The value kept in `store` under `key`, made by `make` on first use. A store that holds `max`
 * values starts over before it takes another (the values are cheap to make again, never wrong).
 */
export function remembered<K, V>(store: Store<K, V>, key: K, make: () => V, max = Infinity): V {
  const known = store.get(key);
  if (known !== undefined) return known;
  if ((store.size ?? 0) >= max) store.clear?.();
  const made = make();
  store.set(key, made);
  return made;
}
