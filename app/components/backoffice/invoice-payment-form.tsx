import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, TextField } from "~/components/forms";
import { invoicePaymentSchema } from "~/schemas/backoffice";

// Recording a payment of an open invoice (issue 14: "Mark invoice paid (date, amount; partial
// payments shown as such)"), on the payments page and on an order's payment tab. The payments
// page's action answers with `invoicePaymentAction` (app/backoffice/invoice-payment.server.ts): a
// payment recorded from the order's tab leads back there, a refused one shows its errors on the
// invoice's row of the payments page.

/** What a route's action returns when a payment was refused: shown on that invoice's form only. */
export interface InvoicePaymentReply {
  invoiceId: string;
  result: SubmissionResult<string[]>;
}

/**
 * A payment against one open invoice: the day and the amount (what is unpaid to start with).
 * Errors come back to this row's form only, with JavaScript and without.
 */
export function InvoicePaymentForm({
  invoice,
  today,
  returnTo,
  action,
}: {
  invoice: { id: string; invoiceNumber: number; remaining: string };
  today: string;
  /** Where a recorded payment leads back to (this page, with its filters). */
  returnTo: string;
  /** The route whose action records it, when not this page's own (the payments page's). */
  action?: string;
}) {
  const actionData = useActionData<InvoicePaymentReply | undefined>();
  const lastResult = actionData && "invoiceId" in actionData && actionData.invoiceId === invoice.id ? actionData.result : undefined;
  const schema = invoicePaymentSchema(today);
  const [form, fields] = useForm({
    id: `lasku-${invoice.id}`,
    lastResult,
    defaultValue: { paidOn: today, amount: invoice.remaining },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-2">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="invoice" />
      <input type="hidden" name="invoiceId" value={invoice.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          meta={fields.paidOn}
          type="date"
          label={
            <>
              Maksupäivä<span className="sr-only"> laskulle {invoice.invoiceNumber}</span>
            </>
          }
          inputProps={{ max: today }}
        />
        <TextField
          meta={fields.amount}
          inputMode="decimal"
          autoComplete="off"
          className="w-36"
          label={
            <>
              Summa (€)<span className="sr-only"> laskulle {invoice.invoiceNumber}</span>
            </>
          }
        />
        <SubmitButton variant="secondary" busyLabel="Kirjataan…">
          <span>
            Kirjaa maksu<span className="sr-only"> laskulle {invoice.invoiceNumber}</span>
          </span>
        </SubmitButton>
      </div>
    </Form>
  );
}
