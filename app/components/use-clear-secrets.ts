import { useEffect } from "react";

/**
 * After the server answers a submission, empties the password inputs with these ids. Without
 * JavaScript the re-rendered page never contains the password (the action hides it from its
 * reply); with JavaScript the browser would keep the typed value, so this makes both behave the
 * same. It touches only the inputs' values: going through Conform (`form.update`) would
 * re-validate the form on the client and wipe the server's message, such as 'Kirjautuminen
 * epäonnistui', that the user has to see.
 */
export function useClearSecretsAfterReply(inputIds: string[], lastResult: unknown) {
  useEffect(() => {
    if (!lastResult) return;
    for (const id of inputIds) {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.value = "";
    }
    // Runs once per server answer; the ids are stable for the page's lifetime.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastResult]);
}
