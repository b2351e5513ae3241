import { Link } from "@remix-run/react";
import Check from "lucide-react/dist/esm/icons/check.js";
import type { ReactNode } from "react";
import { Alert } from "~/components/alert";
import { PageLayout } from "~/components/layout";
import { DRAFT_PARAM, stepHref, type BookingDraft } from "~/booking/draft";
import { stepNumber, stepTitle, type BookingFlow, type BookingStep } from "~/booking/flows";

// The frame of every booking step: 'Vaihe n / N' (in the wizards), the step indicator, the step's
// heading and the notice that explains why the customer was sent to this step. The portal's
// wizard sits inside the portal's own frame; the others in the site's.

export function BookingLayout({
  flow,
  step,
  draft,
  notice,
  children,
  intro,
}: {
  flow: BookingFlow;
  step: BookingStep;
  draft: BookingDraft;
  notice?: string | null;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const content = (
    <div className="space-y-8">
      <div className="space-y-4">
        {flow.showStepCounter ? (
          <p className="text-lg font-semibold text-brand-700">
            Vaihe {stepNumber(flow, step)} / {flow.steps.length}
          </p>
        ) : null}
        <StepIndicator flow={flow} step={step} draft={draft} />
        <h1 className="text-4xl font-bold text-brand-900">{stepTitle(flow, step)}</h1>
        {intro}
      </div>
      {notice ? (
        <Alert type="warning" announce="alert" title="Tarkista varauksesi">
          <p>{notice}</p>
        </Alert>
      ) : null}
      {children}
    </div>
  );
  return flow.inPortal ? content : <PageLayout>{content}</PageLayout>;
}

/**
 * The wizard's steps as an ordered list. Earlier steps are links back (the draft travels with
 * them, so nothing chosen is lost); the current step is marked with aria-current="step".
 */
export function StepIndicator({ flow, step, draft }: { flow: BookingFlow; step: BookingStep; draft: BookingDraft }) {
  const current = stepNumber(flow, step);
  const columns = flow.steps.length >= 5 ? "sm:grid-cols-3 lg:grid-cols-5" : flow.steps.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3";
  return (
    <nav aria-label="Varauksen vaiheet">
      <ol className={`grid gap-2 ${columns}`}>
        {flow.steps.map((item) => {
          const number = stepNumber(flow, item);
          const done = number < current;
          const isCurrent = number === current;
          const circle = (
            <span
              aria-hidden="true"
              className={
                "flex h-9 w-9 flex-none items-center justify-center rounded-full border-2 font-bold " +
                (isCurrent
                  ? "border-brand-700 bg-brand-700 text-white"
                  : done
                    ? "border-brand-700 bg-white text-brand-800"
                    : "border-gray-500 bg-white text-gray-700")
              }
            >
              {done ? <Check className="h-5 w-5" /> : number}
            </span>
          );
          const label = (
            <>
              {circle}
              <span>
                <span className="sr-only">Vaihe {number}: </span>
                {stepTitle(flow, item)}
                {done ? <span className="sr-only"> (tehty)</span> : null}
              </span>
            </>
          );
          return (
            <li key={item} aria-current={isCurrent ? "step" : undefined}>
              {done ? (
                <Link
                  to={stepHref(flow, item, draft)}
                  className="flex min-h-target items-center gap-3 rounded-md px-1 font-semibold text-brand-800 underline underline-offset-4 hover:decoration-2"
                >
                  {label}
                </Link>
              ) : (
                <span
                  className={`flex min-h-target items-center gap-3 px-1 ${isCurrent ? "font-bold text-gray-900" : "text-gray-700"}`}
                >
                  {label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The draft's fields as hidden inputs, for the GET forms of steps 1 and 2. */
export function DraftHiddenFields({
  draft,
  omit = [],
}: {
  draft: BookingDraft;
  omit?: ReadonlyArray<keyof BookingDraft>;
}) {
  return (
    <>
      {(Object.keys(DRAFT_PARAM) as Array<keyof BookingDraft>).map((key) =>
        draft[key] && !omit.includes(key) ? <input key={key} type="hidden" name={DRAFT_PARAM[key]} value={draft[key]!} /> : null,
      )}
    </>
  );
}
