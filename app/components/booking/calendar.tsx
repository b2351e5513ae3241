import ChevronLeft from "lucide-react/dist/esm/icons/chevron-left.js";
import ChevronRight from "lucide-react/dist/esm/icons/chevron-right.js";
import type { ReactNode } from "react";
import { PICK_PARAM } from "~/booking/draft";
import {
  MONTH_NAMES,
  WEEKDAY_ABBREVIATIONS,
  WEEKDAY_NAMES,
  formatCalendarMonth,
  type CalendarMonthRef,
  type MonthCalendar,
} from "~/domain/booking-window";
import { formatWeekdayDate } from "~/domain/format";
import { UNAVAILABLE_DAY_MESSAGES } from "~/messages/booking-steps";

// The server-rendered month calendar of step 1 (spec 000 §2: single date, Finnish locale, past
// days and days beyond 180 days disabled). Weeks start on Monday. Every bookable day is a submit
// button of the step's GET form, so picking works without JavaScript; the month is changed with
// the previous/next buttons of the same form, which keep everything else chosen so far.

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function monthLabel(ref: CalendarMonthRef): string {
  return `${MONTH_NAMES[ref.month - 1]} ${ref.year}`;
}

// Never broken inside a word ("Edelline/n", issue 31): the month's name between them wraps instead.
const navButton =
  "inline-flex min-h-target min-w-target flex-none items-center justify-center gap-1 whitespace-nowrap rounded-md border-2 border-brand-700 bg-white px-3 " +
  "font-semibold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-gray-400 disabled:text-gray-600";

/** Submits the step's form for another month; disabled beyond the months that can be booked. */
function MonthButton({ month, label, children }: { month: CalendarMonthRef | null; label: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      name={PICK_PARAM.month}
      value={month ? formatCalendarMonth(month) : ""}
      disabled={!month}
      className={navButton}
      aria-label={month ? `${label}, ${monthLabel(month)}` : label}
      formNoValidate
    >
      {children}
    </button>
  );
}

export function Calendar({ calendar, selectedDate }: { calendar: MonthCalendar; selectedDate: string | null }) {
  const titleId = "kalenteri-kuukausi";
  return (
    <div className="max-w-md space-y-3">
      <div className="flex items-center justify-between gap-2">
        <MonthButton month={calendar.previous} label="Edellinen kuukausi">
          <ChevronLeft aria-hidden="true" className="h-6 w-6" />
          <span className="hidden sm:inline">Edellinen</span>
        </MonthButton>
        <h3 id={titleId} aria-live="polite" className="min-w-0 text-center text-xl font-bold text-gray-900">
          {capitalize(calendar.title)}
        </h3>
        <MonthButton month={calendar.next} label="Seuraava kuukausi">
          <span className="hidden sm:inline">Seuraava</span>
          <ChevronRight aria-hidden="true" className="h-6 w-6" />
        </MonthButton>
      </div>
      <table className="w-full table-fixed border-collapse text-center" aria-labelledby={titleId}>
        <thead>
          <tr>
            {WEEKDAY_ABBREVIATIONS.map((abbreviation, index) => (
              <th key={abbreviation} scope="col" abbr={WEEKDAY_NAMES[index]} className="pb-1 font-semibold text-gray-800">
                {abbreviation}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((day) => (
                <td key={day.date} className="p-0.5">
                  {!day.inMonth ? null : day.unavailable ? (
                    // Plainly not a button: no border, a grey ground, struck through; the reason is read out.
                    <span className="flex min-h-target items-center justify-center rounded-md bg-gray-100 text-gray-700 line-through decoration-gray-500">
                      {day.dayOfMonth}
                      <span className="sr-only">, {UNAVAILABLE_DAY_MESSAGES[day.unavailable]}</span>
                    </span>
                  ) : (
                    <DayButton date={day.date} day={day.dayOfMonth} isToday={day.isToday} selected={day.date === selectedDate} />
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayButton({ date, day, isToday, selected }: { date: string; day: number; isToday: boolean; selected: boolean }) {
  return (
    <button
      type="submit"
      name={PICK_PARAM.date}
      value={date}
      aria-pressed={selected}
      aria-label={`${formatWeekdayDate(date)}${isToday ? ", tänään" : ""}`}
      formNoValidate
      className={
        "flex min-h-target w-full items-center justify-center rounded-md border-2 font-semibold " +
        (selected
          ? "border-brand-700 bg-brand-700 text-white"
          : // Borders of at least 3:1 against white (WCAG 1.4.11); today's in the brand colour.
            `bg-white text-brand-900 hover:bg-brand-50 ${isToday ? "border-brand-700" : "border-gray-500"}`)
      }
    >
      {day}
    </button>
  );
}

/** 'Valitsit' with the weekday and the date (spec 000 §2), shown once a date is picked. */
export function ChosenDateBox({ date }: { date: string }) {
  return (
    <div className="rounded-lg border-2 border-brand-700 bg-brand-50 p-4" aria-live="polite">
      <p className="font-semibold text-brand-900">Valitsit</p>
      <p className="text-xl font-bold text-gray-900">{capitalize(formatWeekdayDate(date))}</p>
    </div>
  );
}
