import CalendarCheck from "lucide-react/dist/esm/icons/calendar-check.js";
import Clock from "lucide-react/dist/esm/icons/clock.js";
import CreditCard from "lucide-react/dist/esm/icons/credit-card.js";
import UserRoundCheck from "lucide-react/dist/esm/icons/user-round-check.js";
import { bookingInterval } from "~/domain/booking-window";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { afterHouseholdDeductionCents, estimateCents } from "~/domain/pricing";

// Step 1's summary (spec 000 §2, §9): date, time, estimated price = hourly × hours, and the price
// after the household deduction (65 % of it), both to two decimals; and the 'Varaa aika helposti'
// info box.

export function TimeSummary({
  date,
  startHour,
  durationHours,
  hourlyCents,
  serviceName,
}: {
  date: string;
  startHour: number;
  durationHours: number;
  hourlyCents: number;
  serviceName: string | null;
}) {
  const interval = bookingInterval(date, startHour, durationHours);
  const estimate = estimateCents(hourlyCents, durationHours);
  return (
    <section aria-labelledby="yhteenveto-otsikko" className="rounded-lg border-2 border-brand-100 bg-white p-5">
      <h2 id="yhteenveto-otsikko" className="text-2xl font-bold text-gray-900">
        Yhteenveto
      </h2>
      {/* Announced when the duration is changed with JavaScript, without moving focus. */}
      <dl aria-live="polite" className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-gray-800">Päivä</dt>
        <dd>{formatWeekdayDate(date)}</dd>
        <dt className="font-semibold text-gray-800">Aika</dt>
        <dd>
          {formatTimeRange(interval.startsAt, interval.endsAt)} ({formatHours(durationHours)})
        </dd>
        {serviceName ? (
          <>
            <dt className="font-semibold text-gray-800">Palvelu</dt>
            <dd>{serviceName}</dd>
          </>
        ) : null}
        <dt className="font-semibold text-gray-800">Hinta</dt>
        <dd className="text-xl font-bold text-gray-900">{formatEuros(estimate)}</dd>
        <dt className="font-semibold text-gray-800">Hinta kotitalousvähennyksen jälkeen</dt>
        <dd className="text-xl font-bold text-brand-800">{formatEuros(afterHouseholdDeductionCents(estimate))}</dd>
      </dl>
      <p className="mt-3 text-gray-800">
        Hinnat sisältävät arvonlisäveron 25,5 %. Kotitalousvähennys on 35 % työn hinnasta; arvio ei huomioi vuotuista
        omavastuuta.
      </p>
    </section>
  );
}

export function BookingInfoBox() {
  const items = [
    { icon: CalendarCheck, text: "Varaa jopa 6 kuukautta etukäteen." },
    { icon: Clock, text: "Valitse päivä ja kellonaika." },
    { icon: UserRoundCheck, text: "Valitse mieluinen kaveri." },
    { icon: CreditCard, text: "Maksa verkossa tai laskulla." },
  ];
  return (
    <section aria-labelledby="varaa-helposti-otsikko" className="rounded-lg bg-brand-50 p-5">
      <h2 id="varaa-helposti-otsikko" className="text-xl font-bold text-brand-900">
        Varaa aika helposti
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3">
            <Icon aria-hidden="true" className="mt-1 h-6 w-6 flex-none text-brand-700" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
