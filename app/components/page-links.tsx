import { Link } from "@remix-run/react";
import { linkClass } from "./layout";

/** 'Uudemmat' and 'Vanhemmat' under a list paged by '?sivu=N' (a plain link each, no JavaScript needed). */
export function PageLinks({ label, previousHref, nextHref }: { label: string; previousHref: string | null; nextHref: string | null }) {
  if (!previousHref && !nextHref) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap gap-4">
      {previousHref ? (
        <Link to={previousHref} className={`inline-flex min-h-target items-center ${linkClass}`}>
          Uudemmat
        </Link>
      ) : null}
      {nextHref ? (
        <Link to={nextHref} className={`inline-flex min-h-target items-center ${linkClass}`}>
          Vanhemmat
        </Link>
      ) : null}
    </nav>
  );
}
