import { useRouteLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { Toast } from "~/domain/toast";

const styles: Record<Toast["type"], string> = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-brand-700 bg-brand-50 text-brand-900",
};

/**
 * The notice after a redirect ("Kirjauduttu sisään!", "Tila päivitetty"), from the root loader's
 * flash toast. It is part of the page, at the top of its main area, with JavaScript and without
 * (issue 31): a floating toast covered the next button on a phone, and without JavaScript it sat
 * above the logo. In the page's flow it covers nothing, so it has no timer either: it stays until
 * the next page, for as long as a slow reader needs (decision record 0026), and with JavaScript it
 * can be closed.
 */
export function PageNotice({ className = "" }: { className?: string }) {
  const toast = (useRouteLoaderData("root") as { toast?: Toast | null } | undefined)?.toast ?? null;
  // Closing hides this notice only; the next one (a new object from the loader) shows again.
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  const visible = toast && toast !== dismissed ? toast : null;
  return (
    <div aria-live="polite" role="status" className={visible ? `mb-6 ${className}` : className}>
      {visible ? (
        <div className={`flex w-full items-start gap-3 rounded-lg border-l-4 p-4 ${styles[visible.type]}`}>
          <div className="min-w-0 flex-1">
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
