import type { ReactNode } from "react";
import { linkClass } from "./layout";

// One visit's page is drawn in titled boxes, the same for its signed-in owner
// (/portal/orders/:n) and for the manage link (/hallitse/:token).

/** A link set on its own line with a 44 px target. */
export const inlineLink = `inline-flex min-h-target items-center ${linkClass}`;

/** A titled box of a visit's page; its heading names the section for screen readers. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-otsikko`} className="space-y-4 rounded-lg border-2 border-gray-200 bg-white p-5 sm:p-6">
      <h2 id={`${id}-otsikko`} className="text-2xl font-bold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
