import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { VIEW_PARAM, type BookingDraft } from "~/booking/draft";
import { nextStep, stepPath } from "~/booking/flows";
import type { TimeStepActionData, TimeStepView } from "~/booking/views";
import { VISIT_FIELD_NAMES, type VisitErrors, type VisitValues } from "~/booking/visit-fields";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";
import { Calendar, ChosenDateBox } from "./calendar";
import { DurationPicker } from "./duration-picker";
import { ProceedButton } from "./proceed-button";
import { ServiceCards, hourlyPriceLabel } from "./service-cards";
import { TimeGrid } from "./time-grid";
import { BookingInfoBox, TimeSummary } from "./time-summary";
import { VisitErrorSummary, VisitPlaceFields, VisitWhoFields } from "./visit-fields";
import { useHydrated } from "~/components/use-hydrated";

// The time step of every flow: date, time and duration on one page (spec 000 §2 "Booking step 1",
// "Four-step wizard" step 2), with the service in the public flows, and the visit's place (and in
// the signed-in wizards its address, phone, description and note). The whole step is one form:
// each pick is a submit button that reloads the page with the next section revealed (the calendar
// first, then the hours, then duration, services, the place and the summary). The public flows
// send it as GET (the draft is in the address); the signed-in wizards post it, since it carries
// personal data, and get the same redirect back. With JavaScript Remix makes the same submissions
// without reloading the page, the typed duration updates the price as it is typed, and 'Jatka'
// stays disabled until date, time and service are all chosen.

const sectionHeading = "text-2xl font-bold text-gray-900";

/** The draft's fields the page sends as visible controls rather than hidden ones. */
function shownFields(asksService: boolean, timeChosen: boolean, fixedPlace = false): Array<keyof BookingDraft> {
  if (!timeChosen || fixedPlace) return [];
  return asksService ? ["service", "postalCode", "city"] : ["postalCode", "city"];
}

/** A section a flow's time step adds after the place (/varaa-kaveri: the description and the note). */
export type ExtraSection = (props: { number: number; values: VisitValues; errors: VisitErrors }) => ReactNode;

export function TimeStepPage({
  view,
  actionData,
  extraSection,
}: {
  view: TimeStepView;
  actionData?: TimeStepActionData;
  extraSection?: ExtraSection;
}) {
  const { flow } = view;
  const location = useLocation();
  const asks = flow.timeStepAsks;
  const hydrated = useHydrated();
  const [service, setService] = useServiceChoice(view.selectedService);
  const [previewHours, setPreviewHours] = useState<number | null>(null);
  const timeChosen = view.selectedDate !== null && view.selectedHour !== null;
  const durationHours = previewHours ?? view.durationHours;
  const serviceName = view.services.find((s) => s.id === service)?.name ?? null;
  // Without JavaScript the button cannot follow the radio buttons, so it is enabled once date
  // and time are chosen and the server says if the service is missing.
  const canProceed = timeChosen && (!hydrated || service !== null);
  const missing = view.selectedDate === null ? "päivä" : view.selectedHour === null ? "kellonaika" : "palvelu";
  const values = actionData?.values ?? view.values;
  const fieldErrors = actionData?.fieldErrors ?? view.fieldErrors;
  const next = nextStep(flow, "time");
  let section = asks.service ? 4 : 3;

  return (
    <BookingLayout flow={flow} step="time" draft={view.draft} notice={view.notice} intro={view.intro ? <p className="text-lg text-gray-800">{view.intro}</p> : undefined}>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Form
          method={flow.signedIn ? "post" : "get"}
          // A post answered with corrections keeps the draft's address, so a reload shows the same step.
          action={flow.signedIn ? `${location.pathname}${location.search}` : stepPath(flow, "time")}
          preventScrollReset
          className="space-y-10"
        >
          <DraftHiddenFields draft={view.draft} omit={shownFields(asks.service, timeChosen, flow.fixedPlace)} />
          <input type="hidden" name={VIEW_PARAM.month} value={view.month} />
          <VisitErrorSummary errors={fieldErrors} order={VISIT_FIELD_NAMES} />

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
                  manualDuration={actionData?.manualDuration ?? view.manualDuration}
                  serverError={actionData?.durationError ?? view.durationError}
                  labelledBy="kesto-otsikko"
                  onPreview={setPreviewHours}
                />
              </section>

              {asks.service ? (
                <section id="palvelu" aria-labelledby="palvelu-otsikko" className="scroll-mt-4 space-y-4">
                  <h2 id="palvelu-otsikko" className={sectionHeading}>
                    4. Valitse palvelu
                  </h2>
                  <ServiceCards
                    services={view.services}
                    selected={service}
                    priceLabel={hourlyPriceLabel(view.hourlyCents!)}
                    legendId="palvelu-otsikko"
                    onSelect={setService}
                  />
                </section>
              ) : null}

              {flow.fixedPlace ? null : flow.signedIn ? (
                <VisitWhoFields number={++section} values={values} errors={fieldErrors} savedRecipients={view.savedRecipients} smsAvailable={view.smsAvailable} />
              ) : (
                <VisitPlaceFields number={++section} values={values} errors={fieldErrors} address={asks.address} />
              )}
              {extraSection ? extraSection({ number: ++section, values, errors: fieldErrors }) : null}

              <TimeSummary
                date={view.selectedDate!}
                startHour={view.selectedHour!}
                durationHours={durationHours}
                hourlyCents={view.hourlyCents!}
                serviceName={serviceName}
              />
            </>
          ) : null}

          <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
            <ProceedButton
              missing={canProceed ? null : `Valitse ensin ${missing}, niin pääset ${next === "details" ? "jatkamaan" : "valitsemaan kaverin"}.`}
            >
              {next === "details" ? "Jatka kuvaukseen" : "Jatka kaverin valintaan"}
            </ProceedButton>
          </div>
        </Form>
        <aside className="space-y-6 lg:sticky lg:top-4 lg:self-start">
          <BookingInfoBox />
        </aside>
      </div>
    </BookingLayout>
  );
}

/**
 * The chosen service. A new page from the server brings its own choice, except when the visitor
 * picked a service while that page was still loading (a quick hand on a slow phone): the later
 * pick is what they see and what the next submission sends.
 */
function useServiceChoice(fromServer: string | null): [string | null, (serviceId: string) => void] {
  const busy = useNavigation().state !== "idle";
  const [choice, setChoice] = useState({ service: fromServer, fromServer, pickedWhileBusy: false });
  // Adjusted while rendering (not in an effect), so the page never shows the stale choice.
  if (choice.fromServer !== fromServer) {
    setChoice({ service: choice.pickedWhileBusy ? choice.service : fromServer, fromServer, pickedWhileBusy: false });
  } else if (!busy && choice.pickedWhileBusy) {
    setChoice({ ...choice, pickedWhileBusy: false });
  }
  const pick = (serviceId: string) => setChoice((current) => ({ ...current, service: serviceId, pickedWhileBusy: busy }));
  return [choice.service, pick];
}
