import { Link } from "@remix-run/react";
import MapPin from "lucide-react/dist/esm/icons/map-pin.js";
import Sparkles from "lucide-react/dist/esm/icons/sparkles.js";
import Star from "lucide-react/dist/esm/icons/star.js";
import UserRound from "lucide-react/dist/esm/icons/user-round.js";
import Users from "lucide-react/dist/esm/icons/users.js";
import type { ReactNode } from "react";
import { ANY_CAREGIVER, DRAFT_PARAM } from "~/booking/draft";
import type { OfferedCaregiver } from "~/domain/caregiver-offer";
import { ChoiceCard } from "~/components/booking/choice-card";
import { choiceCardClass, choiceRadioClass } from "~/components/form-parts";
import { useChoiceMadeBeforeHydration } from "~/components/use-choice-before-hydration";
import { linkClass } from "~/components/layout";
import { caregiverOrdersText, NEW_CAREGIVER_LABEL } from "~/messages/booking-steps";

// Step 2's choice (spec 000 §2 "Booking step 2"): the prominent 'Ei väliä – valitkaa minulle
// sopiva', the divider 'tai valitse kaveri', and up to six caregiver cards with photo (or a
// placeholder), full name, rating to one decimal (or 'Uusi kaveri' before the first review,
// DESIGN.md decision 17), '(N tilausta)', city and a short bio. One radio group, so choosing a
// caregiver clears the any-caregiver option and the reverse. When nobody near the visit is free,
// it says so and offers 'Ei väliä' or another time.

/** A card shows a helper as the booking flows offer them. */
export type CaregiverCardData = OfferedCaregiver;

// Made on first use, as in domain/format.ts: the locale's data costs a slow phone at start-up.
let rating: Intl.NumberFormat | undefined;

/** '4,8' */
export function formatRating(value: number): string {
  rating ??= new Intl.NumberFormat("fi-FI", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return rating.format(value);
}

const cardClass = `gap-3 sm:gap-4 ${choiceCardClass}`;

function Radio({ id, value, selected, describedBy, onSelect }: { id: string; value: string; selected: boolean; describedBy?: string; onSelect: (value: string) => void }) {
  return (
    <input
      type="radio"
      id={id}
      name={DRAFT_PARAM.caregiver}
      value={value}
      defaultChecked={selected}
      onChange={() => onSelect(value)}
      aria-describedby={describedBy}
      className={choiceRadioClass}
    />
  );
}

function Photo({ url }: { url: string | null }) {
  if (url) {
    // The name beside the photo says who it is; the photo itself adds nothing for a screen reader.
    // Smaller on a phone, so that the name and the details keep a readable width beside it.
    return <img src={url} alt="" width={80} height={80} className="h-14 w-14 flex-none rounded-full object-cover sm:h-20 sm:w-20" />;
  }
  return (
    <span aria-hidden="true" className="flex h-14 w-14 flex-none items-center justify-center rounded-full bg-brand-100 text-brand-800 sm:h-20 sm:w-20">
      <UserRound className="h-10 w-10" />
    </span>
  );
}

function CaregiverRating({ averageRating, totalOrders }: { averageRating: number | null; totalOrders: number }) {
  if (averageRating === null) {
    return (
      <span className="flex flex-wrap items-center gap-x-2 font-semibold text-gray-900">
        <Sparkles aria-hidden="true" className="h-5 w-5 text-brand-700" />
        {NEW_CAREGIVER_LABEL}
      </span>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-gray-900">
      <Star aria-hidden="true" className="h-5 w-5 fill-amber-500 text-amber-700" />
      <span>
        <span className="sr-only">Arvio </span>
        <span className="font-semibold">{formatRating(averageRating)}</span>
        <span className="sr-only"> / 5</span>
      </span>
      <span className="text-gray-800">({caregiverOrdersText(totalOrders)})</span>
    </span>
  );
}

export function CaregiverChoice({
  caregivers,
  selected,
  legend,
  onSelect,
  error,
  city,
  changeTimeHref,
}: {
  caregivers: readonly CaregiverCardData[];
  selected: string | null;
  legend: ReactNode;
  onSelect: (value: string) => void;
  error?: string | null;
  /** The visit's city: the helpers listed serve it. */
  city: string;
  /** Where to pick another time when nobody is free. */
  changeTimeHref: string;
}) {
  useChoiceMadeBeforeHydration(DRAFT_PARAM.caregiver, selected, onSelect);
  return (
    <fieldset className="space-y-5" aria-describedby={error ? "kaveri-virhe" : undefined}>
      <legend className="sr-only">{legend}</legend>
      <label htmlFor="kaveri-ei-valia" className={`${cardClass} border-brand-700 bg-brand-50 p-5`}>
        <Radio id="kaveri-ei-valia" value={ANY_CAREGIVER} selected={selected === ANY_CAREGIVER} describedBy="kaveri-ei-valia-kuvaus" onSelect={onSelect} />
        <span aria-hidden="true" className="hidden h-14 w-14 flex-none items-center justify-center rounded-full bg-white text-brand-700 min-[360px]:flex">
          <Users className="h-8 w-8" />
        </span>
        <span className="min-w-0 space-y-1">
          <span className="block text-xl font-bold text-gray-900">Ei väliä – valitkaa minulle sopiva</span>
          <span id="kaveri-ei-valia-kuvaus" className="block text-gray-800">
            Valitsemme sinulle parhaiten sopivan vapaan kaverin ja kerromme hänestä sähköpostitse.
          </span>
        </span>
      </label>

      <p className="flex items-center gap-4">
        <span aria-hidden="true" className="h-0.5 flex-1 bg-gray-300" />
        <span className="font-semibold text-gray-800">tai valitse kaveri</span>
        <span aria-hidden="true" className="h-0.5 flex-1 bg-gray-300" />
      </p>

      {caregivers.length === 0 ? (
        <div className="space-y-2 rounded-lg border-2 border-gray-300 bg-white p-4 text-gray-800">
          <p>
            Paikkakunnalla {city} ei ole tähän aikaan vapaita kavereita, joita voisit valita. Valitse ”Ei väliä”, niin
            etsimme sinulle kaverin, tai valitse toinen aika.
          </p>
          <p>
            <Link to={changeTimeHref} className={`${linkClass} inline-flex min-h-target items-center`}>
              Valitse toinen aika
            </Link>
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {caregivers.map((caregiver) => {
            const id = `kaveri-${caregiver.id}`;
            const detailsId = `${id}-tiedot`;
            return (
              <li key={caregiver.id}>
                <ChoiceCard
                  id={id}
                  className={`${cardClass} border-gray-600 bg-white p-4`}
                  radio={<Radio id={id} value={caregiver.id} selected={selected === caregiver.id} describedBy={detailsId} onSelect={onSelect} />}
                  picture={<Photo url={caregiver.photoUrl} />}
                  title={caregiver.fullName}
                  titleClassName="text-xl"
                  detailsId={detailsId}
                  detailsClassName="space-y-1"
                >
                  <CaregiverRating averageRating={caregiver.averageRating} totalOrders={caregiver.totalOrders} />
                  <span className="flex items-center gap-2 text-gray-800">
                    <MapPin aria-hidden="true" className="h-5 w-5 flex-none text-brand-700" />
                    {caregiver.city}
                  </span>
                  {caregiver.bio ? <span className="block text-gray-800">{caregiver.bio}</span> : null}
                </ChoiceCard>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
