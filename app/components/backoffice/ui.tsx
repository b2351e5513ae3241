import { Form, Link, useLocation } from "@remix-run/react";
import UserRound from "lucide-react/dist/esm/icons/user-round.js";
import type { ReactNode } from "react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { linkClass } from "~/components/layout";
import { listTexts } from "~/messages/backoffice";

// The building blocks of the back-office pages: one table that turns into cards on a phone,
// filter fields for GET forms, a pager, stat cards and empty states. Staff pages are dense, but
// keep the 18 px text and 44 px targets of the rest of the service.

export const controlClass =
  "block w-full min-h-target rounded-md border-2 border-gray-600 bg-white px-3 py-2 text-base text-gray-900 " +
  "focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-amber-700";

export const inlineLinkClass = `inline-flex min-h-target items-center ${linkClass}`;

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="space-y-2">
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{title}</h1>
      {children ? <div className="text-lg text-gray-800">{children}</div> : null}
    </div>
  );
}

/** A label above a control of a GET filter form. */
export function FilterField({ id, label, children, className }: { id: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`min-w-0 space-y-1 ${className ?? ""}`}>
      <label htmlFor={id} className="block font-semibold text-gray-900">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The GET form above every back-office list: its filters, "Hae" and, once something is
 * filtered, the link back to the unfiltered list. The filters live in the address, so a list
 * can be bookmarked, shared and reached again with the back button, with or without JavaScript.
 */
export function FilterForm({
  label,
  clearHref,
  filtered,
  className,
  actionsClassName = "flex flex-wrap items-end gap-3",
  children,
}: {
  label: string;
  clearHref: string;
  filtered: boolean;
  className: string;
  actionsClassName?: string;
  children: ReactNode;
}) {
  // Its fields start from the address: with JavaScript a link that changes the filters (a stat
  // card, "Tyhjennä suodattimet") keeps the form mounted, so it is keyed by the address to show
  // the filters actually in force rather than the ones of the first page load.
  const { search } = useLocation();
  return (
    <Form key={search} method="get" role="search" aria-label={label} className={`grid gap-4 rounded-lg border-2 border-gray-200 bg-white p-4 ${className}`}>
      {children}
      <div className={actionsClassName}>
        <SubmitButton busyLabel="Haetaan..." formMethod="get">
          Hae
        </SubmitButton>
        {filtered ? (
          <Link to={clearHref} className={inlineLinkClass}>
            {listTexts.clearFilters}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

export function SearchFilter({ id, label, defaultValue, className }: { id: string; label: string; defaultValue: string; className?: string }) {
  return (
    <FilterField id={id} label={label} className={className}>
      <input id={id} type="search" name="haku" defaultValue={defaultValue} className={controlClass} />
    </FilterField>
  );
}

/** A select's options from a table of labels, in the table's order. */
export function labelOptions<V extends string>(labels: Record<V, string>): Array<{ value: V; label: string }> {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}

/** A select of a list filter; the empty value means "all". */
export function SelectFilter({
  id,
  label,
  name,
  defaultValue,
  allLabel = "Kaikki",
  options,
}: {
  id: string;
  label: string;
  name: string;
  defaultValue: string;
  allLabel?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} name={name} defaultValue={defaultValue} className={controlClass}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/** "From" and "to" date fields named alkaen and asti. */
export function DateRangeFilter({ idPrefix, fromLabel, toLabel, from, to }: { idPrefix: string; fromLabel: string; toLabel: string; from: string; to: string }) {
  return (
    <>
      <FilterField id={`${idPrefix}-from`} label={fromLabel}>
        <input id={`${idPrefix}-from`} type="date" name="alkaen" defaultValue={from} className={controlClass} />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label={toLabel}>
        <input id={`${idPrefix}-to`} type="date" name="asti" defaultValue={to} className={controlClass} />
      </FilterField>
    </>
  );
}

/** Warnings about the filters (a search too short, a date range turned around…). */
export function FilterNotices({ notices }: { notices: readonly string[] }) {
  return (
    <>
      {notices.map((notice) => (
        <Alert key={notice} type="warning">
          {notice}
        </Alert>
      ))}
    </>
  );
}

/**
 * A table on wide screens; below the md breakpoint each row becomes a card and each cell shows
 * its column name (data-label) before the value, so a 320 px phone never scrolls sideways. The
 * header row stays for screen readers.
 */
export function ResponsiveTable({
  caption,
  headers,
  compact = false,
  children,
}: {
  caption: string;
  headers: string[];
  /** Narrower gaps between the columns, for a list with many (the orders, with its selectors). */
  compact?: boolean;
  children: ReactNode;
}) {
  // Each list is laid out to fit the main area beside the menu on a 1366 px screen (issue 31
  // item 6, tests/e2e/backoffice-wide.spec.ts). Should a table still be too wide on a narrower
  // desktop, it scrolls inside its own box instead of widening the page (the browser scrolls it
  // to whichever of its controls gets focus). Positioned, so that the screen-reader-only texts
  // (absolute) in its cells are clipped with it.
  return (
    <div className="relative md:overflow-x-auto" data-scrolls-sideways>
      <table className={`block w-full border-collapse text-left md:table ${compact ? "md:[&_td]:px-2 md:[&_th]:px-2" : ""}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only md:not-sr-only md:table-header-group">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="border-b-2 border-gray-300 px-3 py-2 align-bottom font-semibold text-gray-900">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-4 md:table-row-group md:space-y-0">{children}</tbody>
      </table>
    </div>
  );
}

export function Row({ children, highlight = false }: { children: ReactNode; highlight?: boolean }) {
  return (
    <tr
      className={
        "block rounded-lg border-2 p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 " +
        (highlight ? "border-amber-600 bg-amber-50" : "border-gray-200 bg-white")
      }
    >
      {children}
    </tr>
  );
}

/** The name cell of a list of people: the name, linking to the person's page, and the e-mail under it. */
export function PersonNameCell({ href, name, email }: { href: string; name: string; email: string }) {
  return (
    <Cell label="Nimi">
      <Link to={href} className={`${inlineLinkClass} font-semibold`}>
        {name}
      </Link>
      <span className="block break-anywhere text-gray-700">{email}</span>
    </Cell>
  );
}

/** A cell; `label` is the column name shown before the value on a phone. */
export function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td
      data-label={label}
      className={
        "block min-w-0 break-words py-1 align-top md:table-cell md:px-3 md:py-3 " +
        "before:block before:font-semibold before:text-gray-700 before:content-[attr(data-label)] md:before:content-none " +
        (className ?? "")
      }
    >
      {children}
    </td>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border-2 border-gray-200 bg-white p-5 text-lg">{children}</p>;
}

/** Previous / next links of a paged list; each keeps the list's other parameters. */
export function Pager({
  previous,
  next,
  first,
  label = "Sivut",
  position,
  children,
}: {
  previous: string | null;
  next: string | null;
  /** The first page, when it is neither this page nor the previous one. */
  first?: string | null;
  label?: string;
  /** Where the list is, as "Sivu 2 / 5"; said only when there is more than one page. */
  position?: { page: number; of: number };
  children?: ReactNode;
}) {
  const where = position && position.of > 1 ? `Sivu ${position.page} / ${position.of}` : null;
  if (!previous && !next && !children && !where) return null;
  const pagerLink =
    "inline-flex min-h-target items-center rounded-md border-2 border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      {first ? (
        <Link to={first} className={pagerLink}>
          Ensimmäinen sivu
        </Link>
      ) : null}
      {previous ? (
        <Link to={previous} className={pagerLink} rel="prev">
          Edellinen sivu
        </Link>
      ) : null}
      {where ? <span className="font-semibold">{where}</span> : null}
      {children}
      {next ? (
        <Link to={next} className={pagerLink} rel="next">
          Seuraava sivu
        </Link>
      ) : null}
    </nav>
  );
}

export interface StatCard {
  label: string;
  value: string;
  detail?: string;
  to?: string;
}

export function StatCards({ cards, label }: { cards: StatCard[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((card) => {
        const body = (
          <>
            <span className="block text-lg font-semibold text-gray-800">{card.label}</span>
            <span className="block text-3xl font-bold text-brand-900">{card.value}</span>
            {card.detail ? <span className="block text-gray-700">{card.detail}</span> : null}
          </>
        );
        return (
          <li key={card.label} className="rounded-lg border-2 border-brand-100 bg-white p-5">
            {card.to ? (
              <Link to={card.to} className="block space-y-1 rounded-md hover:underline">
                {body}
              </Link>
            ) : (
              <div className="space-y-1">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function CaregiverPhoto({ url, size = "small" }: { url: string | null; size?: "small" | "large" }) {
  const box = size === "large" ? "h-32 w-32" : "h-12 w-12";
  if (url) {
    // The name beside the photo says who it is; the photo itself adds nothing for a screen reader.
    return <img src={url} alt="" width={size === "large" ? 128 : 48} height={size === "large" ? 128 : 48} className={`${box} flex-none rounded-full object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`flex ${box} flex-none items-center justify-center rounded-full bg-brand-100 text-brand-800`}>
      <UserRound className={size === "large" ? "h-16 w-16" : "h-7 w-7"} />
    </span>
  );
}

/** A definition list of label → value pairs, two columns from the small breakpoint up. */
export function Facts({ items }: { items: Array<{ label: string; value: ReactNode }> }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {items.map((item) => (
        <div key={item.label} className="contents">
          <dt className="font-semibold text-gray-900">{item.label}</dt>
          <dd className="min-w-0 whitespace-pre-line break-words text-gray-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border-2 border-gray-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-2xl font-bold text-gray-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
