import { Form, Link } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { CheckboxField, RadioCards, type FieldMeta } from "~/components/forms";
import { linkClass } from "~/components/layout";
import { CANCELLATION_RULE } from "~/messages/next-steps";
import { BOOKING_INTENT } from "~/schemas/booking-intents";

// The last step's parts every flow shares (the public contact step and the signed-in wizards'
// summary): the payment method, the terms, the cancellation rule said before the booking is
// confirmed, and the way back to paying an order whose checkout failed or was left.

/** Online (card, MobilePay, Klarna) or invoice; invoice only while no provider may take money. */
export function PaymentMethodField({ meta, onlinePayment }: { meta: FieldMeta; onlinePayment: boolean }) {
  return (
    <RadioCards
      meta={meta}
      legend="Maksutapa"
      legendSize="large"
      hint={onlinePayment ? undefined : "Verkkomaksu ei ole juuri nyt käytössä, joten varaus maksetaan laskulla."}
      options={[
        ...(onlinePayment
          ? [{ value: "online", label: "Verkkomaksu", description: "Kortti, MobilePay tai Klarna. Maksat heti varauksen jälkeen." }]
          : []),
        { value: "invoice", label: "Lasku", description: "Lasku tulee sähköpostiisi, maksuaika 14 päivää." },
      ]}
    />
  );
}

export function TermsField({ meta }: { meta: FieldMeta }) {
  return (
    <CheckboxField
      meta={meta}
      label={
        <>
          Hyväksyn{" "}
          <Link to="/kayttoehdot" target="_blank" rel="noopener" className={linkClass}>
            käyttöehdot (avautuu uuteen välilehteen)
          </Link>
        </>
      }
    />
  );
}

/** The rule with its real deadline, before the button it describes (`describedBy="peruutusehto"`). */
export function CancellationRule() {
  return (
    <p id="peruutusehto" className="rounded-lg bg-brand-50 p-4">
      <strong>Peruutus:</strong> {CANCELLATION_RULE}
    </p>
  );
}

/** This browser's own order for the same booking still awaits payment: pay it rather than book twice. */
export function PendingPaymentNotice({ orderNumber, action }: { orderNumber: string; action: string }) {
  return (
    <Alert type="warning" title="Varauksesi odottaa maksua">
      <p>
        Varaus {orderNumber} on tehty, mutta sitä ei ole vielä maksettu. Jatka maksamaan, niin varaus vahvistuu.
        Maksamaton varaus perutaan, jos maksua ei tehdä.
      </p>
      {/* A form of its own (forms cannot nest): it needs only the order, not the details below. */}
      <Form method="post" action={action}>
        <input type="hidden" name="orderNumber" value={orderNumber} />
        <SubmitButton name="intent" value={BOOKING_INTENT.retryPayment} busyLabel="Siirrytään maksamaan…" className="mt-2">
          Yritä maksua uudelleen
        </SubmitButton>
      </Form>
    </Alert>
  );
}
