import { useSyncExternalStore } from "react";

// A submission held back until the bot check has finished (bot-check.tsx): the button that was
// pressed says "Tarkistetaan…" meanwhile (button.tsx). At most one is held on a page at a time.

let held: Element | null = null;
const listeners = new Set<() => void>();

export function holdSubmitter(submitter: Element | null): void {
  held = submitter;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The submit button whose press waits for the bot check, or null. */
export function useHeldSubmitter(): Element | null {
  return useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
}
