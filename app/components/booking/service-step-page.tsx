import { Form } from "@remix-run/react";
import { useState } from "react";
import { stepPath } from "~/booking/flows";
import type { ServiceStepView } from "~/booking/views";
import { useHydrated } from "~/components/use-hydrated";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";
import { ProceedButton } from "./proceed-button";
import { formatAmount } from "~/domain/format";
import { ServiceCards } from "./service-cards";

// The signed-in wizards' first step: one card per service (spec 000 §2 "Four-step wizard" step 1,
// §5 'Valitse palvelu jatkaaksesi.'). A GET form; 'Jatka' is enabled with JavaScript once a
// service is chosen, and without it the server says what is missing.

/** '40,00–80,00 € / tunti aloitusajan mukaan (sis. ALV 25,5%)' */
export function hourlyRangeLabel(hourlyCents: readonly number[]): string {
  const low = Math.min(...hourlyCents);
  const high = Math.max(...hourlyCents);
  const range = low === high ? formatAmount(low) : `${formatAmount(low)}–${formatAmount(high)}`;
  return `${range} € / tunti aloitusajan mukaan (sis. ALV 25,5%)`;
}

export function ServiceStepPage({ view }: { view: ServiceStepView }) {
  const { flow } = view;
  const hydrated = useHydrated();
  const [service, setService] = useState(view.selectedService);
  return (
    <BookingLayout
      flow={flow}
      step="service"
      draft={view.draft}
      notice={view.notice}
      intro={
        view.caregiverName ? (
          <p className="text-lg text-gray-800">
            Varaat kaverin <strong>{view.caregiverName}</strong> uudelleen. Valitse palvelu ja sen jälkeen aika: kaveri on
            valittuna, jos hän on silloin vapaa.
          </p>
        ) : null
      }
    >
      <Form method="get" action={stepPath(flow, "service")} className="space-y-8">
        <DraftHiddenFields draft={view.draft} omit={["service"]} />
        <section aria-labelledby="palvelu-otsikko" className="space-y-4">
          <h2 id="palvelu-otsikko" className="text-2xl font-bold text-gray-900">
            Mitä apua tarvitset?
          </h2>
          <ServiceCards
            services={view.services}
            selected={service}
            priceLabel={hourlyRangeLabel(view.bands.map((band) => band.hourlyCents))}
            legendId="palvelu-otsikko"
            onSelect={setService}
          />
        </section>
        <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
          <ProceedButton missing={!hydrated || service !== null ? null : "Valitse palvelu jatkaaksesi."}>Jatka</ProceedButton>
        </div>
      </Form>
    </BookingLayout>
  );
}
