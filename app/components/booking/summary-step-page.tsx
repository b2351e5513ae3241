import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { stepHref } from "~/booking/draft";
import { detailsStep, previousStep } from "~/booking/flows";
import type { DiscountCheckResult, SummaryStepView } from "~/booking/views";
import type { OrderAmounts } from "~/domain/order-amounts";
import { ButtonLink, SubmitButton } from "~/components/button";
import { ErrorSummary, FormError } from "~/components/forms";
import { linkClass } from "~/components/layout";
import { SIGNED_IN_BOOKING_MESSAGES } from "~/messages/booking-wording";
import { BOOKING_INTENT } from "~/schemas/booking-intents";
import type { BookingSummarySchema } from "~/schemas/booking-visit";
import type { Infer } from "~/schemas/zod";
import { BookingLayout } from "./booking-layout";
import { ChosenSummaryBox } from "./draft-summary";
import { CancellationRule, PaymentMethodField, PendingPaymentNotice, TermsField } from "./payment-fields";
import { PriceSummary } from "./price-summary";
import { DiscountCodeSection, discountForTyped } from "./discount-code";
import { ShownPriceField } from "./shown-price-field";
import { serverFormProps, useServerForm } from "~/components/server-form";
import { useHydrated } from "~/components/use-hydrated";
import { ONCE } from "~/booking/repeat-names";
import { wizardRepeatTexts } from "~/messages/wizard-repeat";
import { RepeatFields } from "./repeat-fields";

// The signed-in wizards' last step (spec 000 §2 "Four-step wizard" step 4): what was chosen and
// typed, the price breakdown, the payment method and the terms, then 'Varaa nyt'.

export interface SummaryActionData {
  result: SubmissionResult<string[]>;
  /** The answer of 'Tarkista', or of the code sent with 'Varaa nyt'. */
  discount?: DiscountCheckResult | null;
  /** The price placing the order found when it was no longer the page's (a 409): shown and sent from now on. */
  newAmounts?: OrderAmounts;
}

const FORM_ID = "varaus-yhteenveto";

export function SummaryStepPage({ view, actionData }: { view: SummaryStepView; actionData?: SummaryActionData }) {
  const { flow } = view;
  const location = useLocation();
  const action = `${location.pathname}${location.search}`;
  const [form, fields] = useServerForm<Infer<typeof BookingSummarySchema>>({
    id: FORM_ID,
    lastResult: actionData?.result,
    defaultValue: { ...(view.onlinePayment ? {} : { paymentMethod: "invoice" }), toistuvuus: view.repeat.toistuvuus, paattyy: view.repeat.paattyy, kertaa: view.repeat.kertaa, viimeinen: view.repeat.viimeinen },
    watch: ["discountCode", "toistuvuus"],
  });
  // With JavaScript the ending and the button follow the choice; without it all is shown and said.
  const hydrated = useHydrated();
  const repeating = (fields.toistuvuus.value ?? ONCE) !== ONCE;
  const { typedCode, discount } = discountForTyped(fields.discountCode.value, actionData?.discount);
  const shownAmounts = actionData?.newAmounts ?? view.amounts;
  const amounts = discount?.status === "valid" && discount.amounts ? discount.amounts : shownAmounts;
  const detailsHref = stepHref(flow, detailsStep(flow) ?? "time", view.draft);

  return (
    <BookingLayout flow={flow} step="summary" draft={view.draft}>
      <ChosenSummaryBox flow={flow} draft={view.draft} summary={view.summary} />

      <section aria-labelledby="kaynti-otsikko" className="rounded-lg border-2 border-brand-100 bg-white p-5">
        <h2 id="kaynti-otsikko" className="text-xl font-bold text-gray-900">
          Käynti
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-gray-800">Palvelun saaja</dt>
          <dd className="break-words">{view.visit.recipientName ?? "Itse"}</dd>
          <dt className="font-semibold text-gray-800">Osoite</dt>
          <dd className="break-words">
            {view.visit.address}, {view.summary.placeLabel}
          </dd>
          <dt className="font-semibold text-gray-800">Puhelin</dt>
          <dd>{view.visit.phone}</dd>
          <dt className="font-semibold text-gray-800">Kuvaus</dt>
          <dd className="whitespace-pre-line break-words">{view.visit.description}</dd>
          <dt className="font-semibold text-gray-800">Lisätietoja kaverille</dt>
          <dd className="whitespace-pre-line break-words">{view.visit.specialNotes ?? "Ei lisätietoja"}</dd>
        </dl>
        <p className="mt-3 text-gray-800">
          {view.visit.saveToAccount
            ? "Tallennamme tämän osoitteen ja puhelinnumeron profiiliisi."
            : "Profiilisi osoite ja puhelinnumero pysyvät ennallaan."}
        </p>
        <p className="mt-3">
          <Link to={detailsHref} className={`${linkClass} inline-flex min-h-target items-center`}>
            Muuta saajaa, osoitetta, kuvausta tai lisätietoja
          </Link>
        </p>
      </section>

      {view.pendingOrderNumber ? <PendingPaymentNotice orderNumber={view.pendingOrderNumber} action={action} /> : null}

      <Form method="post" action={`${action}#${form.id}`} {...serverFormProps(form)} className="scroll-mt-4 space-y-10">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={SIGNED_IN_BOOKING_MESSAGES.failed} />
        <RepeatFields
          repeat={fields.toistuvuus}
          endKind={fields.paattyy}
          count={fields.kertaa}
          endDate={fields.viimeinen}
          anyHelper={view.repeat.anyHelper}
          endingHidden={hydrated && !repeating}
        />
        <PaymentMethodField meta={fields.paymentMethod} onlinePayment={view.onlinePayment} />
        <DiscountCodeSection meta={fields.discountCode} action={action} typedCode={typedCode} result={discount} />
        <PriceSummary serviceName={view.summary.serviceName} amounts={amounts} discountCode={discount?.status === "valid" ? discount.code : null} />
        <ShownPriceField originalPriceCents={shownAmounts.originalPriceCents} />
        <TermsField meta={fields.acceptTerms} />
        <CancellationRule />
        <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
          <ButtonLink to={stepHref(flow, previousStep(flow, "summary")!, view.draft)} variant="secondary">
            Takaisin
          </ButtonLink>
          <SubmitButton
            name="intent"
            value={BOOKING_INTENT.book}
            busyLabel={hydrated && repeating ? wizardRepeatTexts.showingDates : "Varataan..."}
            describedBy="peruutusehto"
            className="px-8 text-lg"
          >
            {hydrated && repeating ? wizardRepeatTexts.showDates : "Varaa nyt"}
          </SubmitButton>
        </div>
      </Form>
    </BookingLayout>
  );
}
