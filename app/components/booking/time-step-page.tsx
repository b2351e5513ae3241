import { Form } from "@remix-run/react";
import { useState } from "react";
import { PICK_PARAM, VIEW_PARAM } from "~/booking/draft";
import { flowById } from "~/booking/flows";
import type { TimeStepView } from "~/booking/views";
import { SubmitButton } from "~/components/button";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";
import { Calendar, ChosenDateBox } from "./calendar";
import { DurationPicker } from "./duration-picker";
import { ServiceCards } from "./service-cards";
import { TimeGrid } from "./time-grid";
import { BookingInfoBox, TimeSummary } from "./time-summary";
import { useHydrated } from "~/components/use-hydrated";

// Step 1 of both wizards: date, time, duration and service on one page (spec 000 §2 "Booking step
// 1"). The whole step is one GET form: each pick is a submit button that reloads the page with the
// next section revealed (the calendar first, then the hours, then duration, services and the
// summary). With JavaScript Remix makes the same submissions without reloading the page, the
// typed duration updates the summary as it is typed, and 'Jatka kaverin valintaan' stays disabled
// until date, time and service are all chosen.

const sectionHeading = "text-2xl font-bold text-gray-900";

export function TimeStepPage({ view }: { view: TimeStepView }) {
  const flow = flowById(view.flowId);
  const hydrated = useHydrated();
  const [service, setService] = useState<string | null>(view.selectedService);
  const [previewHours, setPreviewHours] = useState<number | null>(null);
  const timeChosen = view.selectedDate !== null && view.selectedHour !== null;
  const durationHours = previewHours ?? view.durationHours;
  const serviceName = view.services.find((s) => s.id === service)?.name ?? null;
  // Without JavaScript the button cannot follow the radio buttons, so it is enabled once date
  // and time are chosen and the server says if the service is missing.
  const canProceed = timeChosen && (!hydrated || service !== null);
  const missing = view.selectedDate === null ? "päivä" : view.selectedHour === null ? "kellonaika" : "palvelu";
  const serviceStillHidden = !timeChosen;

  return (
    <BookingLayout flow={flow} step="time" draft={view.draft} notice={view.notice}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Form
          method="get"
          action={flow.paths.time}
          preventScrollReset
          className="space-y-10"
        >
          <DraftHiddenFields draft={view.draft} omit={serviceStillHidden ? [] : ["service"]} />
          <input type="hidden" name={VIEW_PARAM.month} value={view.month} />

          <section id="kalenteri" aria-labelledby="paiva-otsikko" className="scroll-mt-4 space-y-4">
            <h2 id="paiva-otsikko" className={sectionHeading}>
              1. Valitse päivä
            </h2>
            <p className="text-gray-800">Voit varata ajan tästä päivästä alkaen enintään 180 päivän päähän.</p>
            <Calendar calendar={view.calendar} selectedDate={view.selectedDate} />
            {view.selectedDate ? <ChosenDateBox date={view.selectedDate} /> : null}
          </section>

          {view.selectedDate ? (
            <section id="aika" aria-labelledby="aika-otsikko" className="scroll-mt-4 space-y-4">
              <h2 id="aika-otsikko" className={sectionHeading}>
                2. Valitse kellonaika
              </h2>
              <p className="text-gray-800">Hinta määräytyy aloitusajan mukaan.</p>
              <TimeGrid slots={view.slots} selectedHour={view.selectedHour} bands={view.bands} labelledBy="aika-otsikko" />
            </section>
          ) : null}

          {timeChosen ? (
            <>
              <section id="kesto" aria-labelledby="kesto-otsikko" className="scroll-mt-4 space-y-4">
                <h2 id="kesto-otsikko" className={sectionHeading}>
                  3. Valitse kesto
                </h2>
                <DurationPicker
                  durationHours={view.durationHours}
                  manualDuration={view.manualDuration}
                  serverError={view.durationError}
                  labelledBy="kesto-otsikko"
                  onPreview={setPreviewHours}
                />
              </section>

              <section id="palvelu" aria-labelledby="palvelu-otsikko" className="scroll-mt-4 space-y-4">
                <h2 id="palvelu-otsikko" className={sectionHeading}>
                  4. Valitse palvelu
                </h2>
                <ServiceCards
                  services={view.services}
                  selected={view.selectedService}
                  hourlyCents={view.hourlyCents!}
                  legendId="palvelu-otsikko"
                  onSelect={setService}
                />
              </section>

              <TimeSummary
                date={view.selectedDate!}
                startHour={view.selectedHour!}
                durationHours={durationHours}
                hourlyCents={view.hourlyCents!}
                serviceName={serviceName}
              />
            </>
          ) : null}

          <div className="space-y-2 border-t-2 border-brand-100 pt-6">
            {!canProceed ? (
              <p id="jatka-ohje" className="text-gray-800">
                Valitse ensin {missing}, niin pääset valitsemaan kaverin.
              </p>
            ) : null}
            <SubmitButton
              name={PICK_PARAM.proceed}
              value="1"
              busyLabel="Siirrytään..."
              disabled={!canProceed}
              describedBy={canProceed ? undefined : "jatka-ohje"}
              className="px-8 text-lg"
            >
              Jatka kaverin valintaan
            </SubmitButton>
          </div>
        </Form>
        <aside className="space-y-6 lg:sticky lg:top-4 lg:self-start">
          <BookingInfoBox />
        </aside>
      </div>
    </BookingLayout>
  );
}
