import { PICK_PARAM } from "~/booking/draft";
import { formatAmount, formatClock } from "~/domain/format";
import { bandHoursLabel } from "~/domain/price-table";
import { BAND_NAMES, NOBODY_FREE } from "~/messages/booking-steps";
import type { PriceBand } from "~/domain/pricing";

// The hourly time grid of step 1 (spec 000 §2: slots 00:00–23:00; DESIGN.md decision 6: past
// hours of today are not offered). Grouped by price band, so the price of each hour is visible
// before it is picked. Every slot is a submit button of the step's GET form.

export interface TimeGridSlot {
  hour: number;
  value: string;
  bandId: PriceBand["id"];
  hourlyCents: number;
  /** Nobody can come then (issue 27 item 3): shown, marked, and not a choice. */
  unavailable?: boolean;
}

interface SlotGroup {
  bandId: PriceBand["id"];
  hourlyCents: number;
  slots: TimeGridSlot[];
}

/** Consecutive slots of one band form a group (night, then day, then evening). */
function groupSlots(slots: readonly TimeGridSlot[]): SlotGroup[] {
  const groups: SlotGroup[] = [];
  for (const slot of slots) {
    const last = groups[groups.length - 1];
    if (last && last.bandId === slot.bandId) last.slots.push(slot);
    else groups.push({ bandId: slot.bandId, hourlyCents: slot.hourlyCents, slots: [slot] });
  }
  return groups;
}

export function TimeGrid({
  slots,
  selectedHour,
  bands,
  labelledBy,
}: {
  slots: readonly TimeGridSlot[];
  selectedHour: number | null;
  bands: readonly PriceBand[];
  labelledBy: string;
}) {
  if (slots.length === 0) {
    return <p className="text-gray-800">Tälle päivälle ei ole enää vapaita aloitusaikoja. Valitse toinen päivä.</p>;
  }
  const shown = slots.filter((slot) => !inNightBand(slot));
  const others = slots.filter(inNightBand);
  const otherChosen = others.some((slot) => slot.hour === selectedHour);
  return (
    <div role="group" aria-labelledby={labelledBy} className="space-y-5">
      <SlotGroups slots={shown} selectedHour={selectedHour} bands={bands} />
      {others.length > 0 ? (
        // Most visits are in the daytime or the evening: the night's starts stay one tap away, and
        // open when one is chosen.
        <details open={otherChosen || shown.length === 0} className="space-y-5">
          <summary className="inline-flex min-h-target cursor-pointer items-center rounded-md px-2 font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50">
            Näytä yö- ja aamuyön ajat
          </summary>
          <div className="mt-4 space-y-5">
            <SlotGroups slots={others} selectedHour={selectedHour} bands={bands} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

/**
 * Only the night band's starts (its hours as the settings give them, by default 00.00–07.00) wait
 * behind the toggle: every day and evening start is shown at once, so no evening price is hidden.
 */
function inNightBand(slot: TimeGridSlot): boolean {
  return slot.bandId === "night";
}

function SlotGroups({ slots, selectedHour, bands }: { slots: readonly TimeGridSlot[]; selectedHour: number | null; bands: readonly PriceBand[] }) {
  return (
    <>
      {groupSlots(slots).map((group) => {
        const band = bands.find((b) => b.id === group.bandId);
        const headingId = `aikaryhma-${group.bandId}-${group.slots[0].hour}`;
        return (
          <div key={headingId} className="space-y-2">
            <h3 id={headingId} className="text-lg font-semibold text-gray-900">
              {BAND_NAMES[group.bandId]}
              {band ? <span className="font-normal text-gray-800"> ({bandHoursLabel(band)})</span> : null}
              {" · "}
              {formatAmount(group.hourlyCents)} € / tunti
            </h3>
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-labelledby={headingId}>
              {group.slots.map((slot) => {
                const selected = slot.hour === selectedHour;
                if (slot.unavailable) {
                  return (
                    <li key={slot.hour}>
                      <span
                        data-testid="ei-vapaita"
                        className="flex min-h-target w-full flex-col items-center justify-center rounded-md border-2 border-dashed border-gray-400 bg-gray-100 px-1 py-1 text-center text-gray-800"
                      >
                        <span className="font-semibold tabular-nums">{formatClock(slot.value)}</span>
                        <span className="text-sm leading-tight">{NOBODY_FREE}</span>
                      </span>
                    </li>
                  );
                }
                return (
                  <li key={slot.hour}>
                    <button
                      type="submit"
                      name={PICK_PARAM.time}
                      value={slot.value}
                      aria-pressed={selected}
                      aria-label={`klo ${formatClock(slot.value)}`}
                      formNoValidate
                      className={
                        "flex min-h-target w-full items-center justify-center rounded-md border-2 px-2 font-semibold tabular-nums " +
                        (selected
                          ? "border-brand-700 bg-brand-700 text-white"
                          : "border-gray-500 bg-white text-brand-900 hover:border-brand-700 hover:bg-brand-50")
                      }
                    >
                      {formatClock(slot.value)}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </>
  );
}
