import type { SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "@remix-run/react";
import type { ContactStepView, DiscountCheckResult } from "~/booking/views";
import type { OrderAmounts } from "~/domain/order-amounts";
import { stepHref } from "~/booking/draft";

import { Alert } from "~/components/alert";
import { BotCheck } from "~/components/bot-check";
import { ButtonLink, SubmitButton } from "~/components/button";
import { CheckboxField, EmailField, ErrorSummary, FormError, RadioCards, TextareaField, TextField } from "~/components/forms";
import { SPECIAL_NOTES_HINT, SPECIAL_NOTES_LABEL } from "~/messages/booking-steps";
import { RECIPIENT_EMAIL_HINT, RECIPIENT_EMAIL_LABEL, SMS_REMINDER_HINT, SMS_REMINDER_LABEL } from "~/messages/text-reminders";
import type { ContactFieldName } from "~/schemas/booking";
import { BOOKING_INTENT } from "~/schemas/booking-intents";
import type { BotCheckChallenge } from "~/schemas/bot-check";
import { BookingLayout } from "./booking-layout";
import { ChosenSummaryBox } from "./draft-summary";
import { CancellationRule, PaymentMethodField, PendingPaymentNotice, TermsField } from "./payment-fields";
import { PriceSummary } from "./price-summary";
import { DiscountCodeSection, discountForTyped } from "./discount-code";
import { ShownPriceField } from "./shown-price-field";
import { useHydrated } from "~/components/use-hydrated";
import { serverFormProps, useServerForm } from "~/components/server-form";

// Step 3 of both public flows: who the service is for, contact details, the recipient's details,
// the note for the helper, the payment method, an optional discount code, the terms and the bot
// check, with the price summary
// (spec 000 §2 "Step 3 form contents", §5 messages verbatim). One POST form with two submit
// buttons told apart by `intent`: 'Tarkista' (check the discount code; without JavaScript the
// page comes back with everything typed kept) and 'Vahvista varaus'.

export interface ContactActionData {
  result: SubmissionResult<string[]>;
  discount: DiscountCheckResult | null;
  /** A fresh question after a submission that spent or failed the previous one. */
  botCheck: BotCheckChallenge | null;
  /** The price placing the order found when it was no longer the page's (a 409): shown and sent from now on. */
  newAmounts?: OrderAmounts;
}

const FORM_ID = "varaus-yhteystiedot";

type BookingFormFields = Partial<Record<ContactFieldName | "acceptTerms" | "botCheck", unknown>>;

const fieldGrid = "grid gap-5 sm:grid-cols-2";
const legendClass = "mb-3 text-2xl font-bold text-gray-900";

export function ContactStepPage({ view, actionData }: { view: ContactStepView; actionData?: ContactActionData }) {
  const { flow } = view;
  const location = useLocation();
  const hydrated = useHydrated();
  const botCheck = actionData?.botCheck ?? view.botCheck;
  const [form, fields] = useServerForm<BookingFormFields>({
    id: FORM_ID,
    lastResult: actionData?.result,
    defaultValue: view.onlinePayment ? view.defaults : { ...view.defaults, paymentMethod: "invoice" },
    watch: ["bookingFor", "discountCode"],
  });

  const bookingFor = fields.bookingFor.value;
  // Without JavaScript the recipient's fields are always in the page (the server ignores them for
  // oneself) and CSS shows them once 'another person' is chosen (tailwind.css, .recipient-fields);
  // with JavaScript they are rendered only then.
  const showRecipient = !hydrated || bookingFor === "other" || Boolean(fields.recipientFirstName.errors);
  const { typedCode, discount } = discountForTyped(fields.discountCode.value, actionData?.discount);
  const shownAmounts = actionData?.newAmounts ?? view.amounts;
  const amounts = discount?.status === "valid" && discount.amounts ? discount.amounts : shownAmounts;
  const action = `${location.pathname}${location.search}`;

  return (
    <BookingLayout flow={flow} step="contact" draft={view.draft}>
      <ChosenSummaryBox flow={flow} draft={view.draft} summary={view.summary} />
      {view.restored && !actionData ? (
        <Alert type="info" title="Tietosi ovat tallessa">
          <p>Täytimme aiemmin antamasi yhteystiedot valmiiksi. Tarkista ne ja vahvista varaus.</p>
        </Alert>
      ) : null}

      {view.pendingOrderNumber ? <PendingPaymentNotice orderNumber={view.pendingOrderNumber} action={action} /> : null}

      {/* Fragments bring a reloaded page (no JavaScript) back to the errors or the discount's answer. */}
      <Form method="post" action={`${action}#${form.id}`} {...serverFormProps(form)} className="scroll-mt-4 space-y-10">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title="Varausta ei voitu tehdä" />

        <RadioCards
          meta={fields.bookingFor}
          legend="Kenelle tilaat palvelun?"
          legendSize="large"
          options={[
            { value: "self", label: "Itselleni", description: "Kaveri tulee sinun osoitteeseesi." },
            { value: "other", label: "Toiselle henkilölle", description: "Esimerkiksi läheiselle. Sinä maksat ja saat vahvistuksen." },
          ]}
        />

        <fieldset className="space-y-5">
          <legend className={legendClass}>Yhteystietosi</legend>
          <p className="text-gray-800">Lähetämme varausvahvistuksen ja mahdollisen laskun sähköpostiisi.</p>
          <div className={fieldGrid}>
            <TextField meta={fields.firstName} label="Etunimi" autoComplete="given-name" />
            <TextField meta={fields.lastName} label="Sukunimi" autoComplete="family-name" />
            <EmailField meta={fields.email} />
            <TextField meta={fields.phone} label="Puhelinnumero" type="tel" autoComplete="tel" inputMode="tel" hint="Esim. 0401234567" />
            <TextField meta={fields.address} label="Katuosoite" autoComplete="street-address" className="sm:col-span-2" />
            <TextField meta={fields.postalCode} label="Postinumero" autoComplete="postal-code" inputMode="numeric" />
            <TextField meta={fields.city} label="Kaupunki" autoComplete="address-level2" />
          </div>
        </fieldset>

        {showRecipient ? (
          <fieldset className="recipient-fields space-y-5">
            <legend className={legendClass}>Palvelun saajan tiedot</legend>
            <p className="text-gray-800">
              {hydrated
                ? "Kaveri tulee palvelun saajan osoitteeseen. Täytä kaikki kentät."
                : "Täytä nämä vain, jos tilaat palvelun toiselle henkilölle. Kaveri tulee palvelun saajan osoitteeseen."}
            </p>
            <div className={fieldGrid}>
              <TextField meta={fields.recipientFirstName} label="Saajan etunimi" autoComplete="off" />
              <TextField meta={fields.recipientLastName} label="Saajan sukunimi" autoComplete="off" />
              <TextField meta={fields.recipientPhone} label="Saajan puhelinnumero" type="tel" autoComplete="off" inputMode="tel" className="sm:col-span-2" />
              <TextField meta={fields.recipientAddress} label="Saajan katuosoite" autoComplete="off" className="sm:col-span-2" />
              <TextField meta={fields.recipientPostalCode} label="Saajan postinumero" autoComplete="off" inputMode="numeric" />
              <TextField meta={fields.recipientCity} label="Saajan kaupunki" autoComplete="off" />
              <TextField
                meta={fields.recipientEmail}
                label={RECIPIENT_EMAIL_LABEL}
                hint={RECIPIENT_EMAIL_HINT}
                type="email"
                autoComplete="off"
                inputMode="email"
                className="sm:col-span-2"
              />
            </div>
          </fieldset>
        ) : null}

        {view.smsAvailable ? <CheckboxField meta={fields.smsReminder} label={SMS_REMINDER_LABEL} hint={SMS_REMINDER_HINT} /> : null}

        <TextareaField meta={fields.specialNotes} label={SPECIAL_NOTES_LABEL} hint={SPECIAL_NOTES_HINT} rows={4} />

        <PaymentMethodField meta={fields.paymentMethod} onlinePayment={view.onlinePayment} />

        <DiscountCodeSection meta={fields.discountCode} action={action} typedCode={typedCode} result={discount} />

        <PriceSummary serviceName={view.summary.serviceName} amounts={amounts} discountCode={discount?.status === "valid" ? discount.code : null} />
        <ShownPriceField originalPriceCents={shownAmounts.originalPriceCents} />

        <TermsField meta={fields.acceptTerms} />

        <BotCheck challenge={botCheck} id={fields.botCheck.id} error={fields.botCheck.errors?.[0]} />

        <CancellationRule />

        <div className="flex flex-wrap items-center gap-4 border-t-2 border-brand-100 pt-6">
          <ButtonLink to={stepHref(flow, "caregiver", view.draft)} variant="secondary">
            Takaisin
          </ButtonLink>
          <SubmitButton name="intent" value={BOOKING_INTENT.book} busyLabel="Lähetetään..." describedBy="peruutusehto" className="px-8 text-lg">
            Vahvista varaus
          </SubmitButton>
        </div>
      </Form>
    </BookingLayout>
  );
}
