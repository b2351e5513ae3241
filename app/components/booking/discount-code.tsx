import type { DiscountCheckResult } from "~/booking/views";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { TextField, type FieldMeta } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { formatEuros } from "~/domain/format";
import { BOOKING_INTENT } from "~/schemas/booking-intents";

// The optional discount code with its 'Tarkista' button (spec 000 §2 "Step 3 form contents"), in
// the public contact step and the signed-in wizards' summary alike (issue 26 item 1). 'Tarkista'
// is a second submit button of the booking's form: without JavaScript the page comes back with
// everything typed kept and the answer under the field.

export function DiscountCodeSection({
  meta,
  action,
  typedCode,
  result,
}: {
  meta: FieldMeta;
  /** The form's own address, to which 'Tarkista' posts (its answer scrolls to #alennus). */
  action: string;
  typedCode: string;
  result: DiscountCheckResult | null;
}) {
  const hydrated = useHydrated();
  return (
    <section id="alennus" aria-labelledby="alennus-otsikko" className="scroll-mt-4 space-y-3">
      <h2 id="alennus-otsikko" className="text-2xl font-bold text-gray-900">
        Alennuskoodi
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          meta={meta}
          label="Alennuskoodi (vapaaehtoinen)"
          autoComplete="off"
          className="w-full max-w-xs"
          inputProps={{ spellCheck: false, autoCapitalize: "characters" }}
        />
        <SubmitButton
          name="intent"
          value={BOOKING_INTENT.checkDiscount}
          formAction={`${action}#alennus`}
          busyLabel="Tarkistetaan..."
          variant="secondary"
          disabled={hydrated && typedCode === ""}
        >
          Tarkista
        </SubmitButton>
      </div>
      <DiscountResult result={result} />
    </section>
  );
}

function DiscountResult({ result }: { result: DiscountCheckResult | null }) {
  // The region exists from the start so that a result appearing in it is announced.
  return (
    <div aria-live="polite">
      {result ? (
        <Alert type={result.status === "valid" ? "success" : "error"} announce={false} title={result.message}>
          {result.status === "valid" && result.amounts ? (
            <p>
              Alennus {result.code}: −{formatEuros(result.amounts.discountCents)}
            </p>
          ) : result.detail ? (
            <p>{result.detail}</p>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}

/** The code typed now, as the server compares it, and the check's answer only while it is for that code. */
export function discountForTyped(value: unknown, result: DiscountCheckResult | null | undefined) {
  const typedCode = (typeof value === "string" ? value : "").trim().toUpperCase();
  // Editing the code clears the previous result (spec 000 §4).
  const discount = result && result.code === typedCode ? result : null;
  return { typedCode, discount };
}
