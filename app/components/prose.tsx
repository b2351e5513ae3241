import type { ReactNode } from "react";

/**
 * Long-form text (terms, privacy notice): comfortable line length, generous spacing and clear
 * heading sizes. Styles the plain elements inside, so the texts stay readable JSX.
 */
export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={[
        "max-w-prose text-gray-900",
        "[&_h1]:text-3xl sm:[&_h1]:text-4xl [&_h1]:font-bold [&_h1]:break-words [&_h1]:leading-tight [&_h1]:text-brand-900",
        "[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900",
        "[&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-bold",
        "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
        "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
        "[&_dl]:mt-4 [&_dt]:mt-3 [&_dt]:font-semibold",
        "[&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-4 hover:[&_a]:decoration-2",
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </div>
  );
}
