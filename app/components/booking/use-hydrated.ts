import { useEffect, useState } from "react";

/**
 * False during the server render and the first client render, true once React runs in the
 * browser. Controls that only JavaScript can keep up to date (a button disabled until a choice is
 * made) start in their no-JavaScript form and change only after hydration.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
