import { useEffect, useLayoutEffect } from "react";

/** useLayoutEffect, which React warns does nothing on the server, where nothing needs emptying. */
const useLayoutEffectInBrowser = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * After the server answers a submission, empties the password inputs with these ids. Without
 * JavaScript the re-rendered page never contains the password (the action hides it from its
 * reply); with JavaScript the browser would keep the typed value, so this makes both behave the
 * same. It touches only the inputs' values: going through Conform (`form.update`) would
 * re-validate the form on the client and wipe the server's message, such as 'Kirjautuminen
 * epäonnistui', that the user has to see.
 * It empties them before the browser paints the answer: an effect after the paint left a moment in
 * which the errors showed and a quick hand could type into a field about to be emptied.
 */
export function useClearSecretsAfterReply(inputIds: string[], lastResult: unknown) {
  useLayoutEffectInBrowser(() => {
    if (!lastResult) return;
    for (const id of inputIds) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
    // Runs once per server answer; the ids are stable for the page's lifetime.
  }, [lastResult]);
}
