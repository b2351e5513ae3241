import { useEffect } from "react";

/**
 * A radio button picked before the page's JavaScript had run (a quick finger on a slow phone,
 * issue 31 item 13) is checked in the page, but React starts from the server's choice and never
 * heard of it: the step's 'Jatka' stayed disabled under a checked card, and tapping that card
 * again changed nothing. Once React has taken over, the group's checked radio is read back into
 * the component's state. Later picks arrive as change events as usual.
 */
export function useChoiceMadeBeforeHydration(name: string, current: string | null, onSelect: (value: string) => void) {
  useEffect(() => {
    const checked = document.querySelector<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(name)}"]:checked`);
    if (checked && checked.value !== current) onSelect(checked.value);
    // Only on the first render in the browser: what was picked before it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
