// Per-process memos kept to a fixed number of entries: the most recently set stay.

/** Sets `key` in `map` as its newest entry, dropping the least recently set one when `limit` entries are there already. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}
