import { Link } from "@remix-run/react";
import { linkClass } from "~/components/layout";

// Apart from series-manage.tsx, whose forms load Conform, and with its words from the server: the
// order pages carry only this line of the series pages.

/** "Kuuluu sarjaan: …" on an occurrence's order page. */
export function SeriesOfOrder({ series }: { series: { lead: string; href: string; label: string } }) {
  return (
    <p className="text-lg">
      {series.lead}{" "}
      <Link to={series.href} className={linkClass}>
        {series.label}
      </Link>
    </p>
  );
}
