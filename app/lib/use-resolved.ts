import { useEffect, useState } from "react";

/**
 * `initial` until `load()` resolves, then its value. `load` should return a
 * cached promise (one request per page load, however many components ask).
 */
export function useResolved<T>(load: () => Promise<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let live = true;
    void load().then((resolved) => {
      if (live) setValue(resolved);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}
