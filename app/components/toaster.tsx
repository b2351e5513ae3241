import { useEffect, useRef, useState } from "react";
import type { Toast } from "~/domain/toast";

const styles: Record<Toast["type"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-brand-700 bg-brand-50 text-brand-900",
};

/**
 * Shows the flash toast from the root loader. Rendered on the server too, so it is seen without
 * JavaScript; with JavaScript it can be dismissed.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  // Dismissing hides this toast only; the next one (a new object from the loader) shows again.
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  const visible = toast && toast !== dismissed ? toast : null;
  const box = useRef<HTMLDivElement>(null);
  useRoomBelowPage(visible ? box : null);
  return (
    <div aria-live="polite" role="status" className="toast-region pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {visible ? (
        <div ref={box} className={`pointer-events-auto flex w-full max-w-lg items-start gap-3 rounded-lg border-l-4 p-4 shadow-lg ${styles[visible.type]}`}>
          <div className="flex-1">
            <p className="font-semibold">{visible.title}</p>
            {visible.description ? <p className="mt-1">{visible.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setDismissed(toast)}
            className="min-h-target min-w-target rounded-md px-2 font-semibold underline hidden-no-js"
            aria-label="Sulje ilmoitus"
          >
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * While a toast floats at the bottom (with JavaScript; without it the toast sits in the page), the
 * page gets room below its end and the browser scrolls focused fields clear of it: on a 320 px
 * phone it would otherwise cover the page's last link or button for good.
 */
function useRoomBelowPage(box: { current: HTMLDivElement | null } | null) {
  useEffect(() => {
    const element = box?.current;
    if (!element) return;
    const root = document.documentElement;
    const fit = () => {
      const room = `${element.offsetHeight + 32}px`;
      document.body.style.paddingBottom = room;
      root.style.scrollPaddingBottom = room;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = "";
      root.style.scrollPaddingBottom = "";
    };
  }, [box]);
}
