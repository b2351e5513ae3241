import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and the first client render, true once React runs in the
 * browser. Controls that only JavaScript can keep up to date (a button disabled until a choice is
 * made) start in their no-JavaScript form and change only after hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
