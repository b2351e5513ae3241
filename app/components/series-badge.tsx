// The mark of a series' visit on the portal's lists (app/messages/portal.ts seriesMark), its words
// from the server: "Joka viikko" beside the status badge, "Toistuva käynti: " for screen readers.

export function SeriesBadge({ mark }: { mark: { prefix: string; label: string } }) {
  return (
    <span className="inline-flex items-center rounded-full border-2 border-brand-700 bg-white px-3 py-0.5 text-base font-semibold text-brand-900">
      <span className="sr-only">{mark.prefix}</span>
      {mark.label}
    </span>
  );
}
