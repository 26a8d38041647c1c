/**
 * A value made once per object and dropped with it (a WeakMap behind a getter): an instance's
 * caches per app context, an index's caches, the session a request resolved. `make` gets the
 * object, and runs only the first time that object is asked for.
 */
export function perObject<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const values = new WeakMap<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = make(key);
      values.set(key, value);
    }
    return value;
  };
}
