import { Form, useLocation } from "@remix-run/react";
import { stepHref } from "~/booking/draft";
import { previousStep } from "~/booking/flows";
import type { DetailsStepView } from "~/booking/views";
import { ButtonLink } from "~/components/button";
import { BookingLayout, DraftHiddenFields } from "./booking-layout";
import { DraftSummaryBox } from "./draft-summary";
import { ProceedButton } from "./proceed-button";
import { VisitDescriptionFields } from "./visit-description";
import { VisitErrorSummary } from "./visit-fields";

// The portal wizard's step 3 (spec 001 §2 orders/new): what help is needed (at least 10
// characters) and the note for the helper. A post: both are personal and wait in the visit draft.

export function DetailsStepPage({ view }: { view: DetailsStepView }) {
  const { flow } = view;
  const location = useLocation();
  return (
    <BookingLayout flow={flow} step="details" draft={view.draft} notice={view.notice}>
      <DraftSummaryBox summary={view.summary} changeTimeHref={stepHref(flow, "time", view.draft)} />
      <Form method="post" action={`${location.pathname}${location.search}#kuvaus`} className="space-y-8">
        <DraftHiddenFields draft={view.draft} />
        <VisitErrorSummary errors={view.fieldErrors} order={["description", "specialNotes"]} />
        <VisitDescriptionFields values={view.values} errors={view.fieldErrors} />
        <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
          <ButtonLink to={stepHref(flow, previousStep(flow, "details")!, view.draft)} variant="secondary">
            Takaisin
          </ButtonLink>
          <ProceedButton missing={null}>Jatka kaverin valintaan</ProceedButton>
        </div>
      </Form>
    </BookingLayout>
  );
}
