import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Executor } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { formatEuros } from "~/domain/format";
import { isUuid } from "~/domain/uuid";
import { invoicePaymentTexts } from "~/messages/backoffice";
import type { AuditActor } from "~/models/audit-log.server";
import { invoicePaymentSchema } from "~/schemas/backoffice";
import { recordInvoicePayment } from "~/services/backoffice-money.server";
import { redirectWithToast } from "~/services/flash.server";
import { badForm } from "./staff.server";

// The action half of recording an invoice payment (app/components/backoffice/invoice-payment-form.tsx),
// shared by the payments page and an order's payment tab: the form's errors come back to that
// invoice's form (400), anything else goes `back` with a toast.

export async function invoicePaymentAction(request: Request, db: Executor, actor: AuditActor, formData: FormData, back: string) {
  const invoiceId = formData.get("invoiceId");
  if (!isUuid(invoiceId)) throw badForm();
  const t = invoicePaymentTexts;
  const submission = parseWithZod(formData, { schema: invoicePaymentSchema(helsinkiToday(new Date())) });
  if (submission.status !== "success") return data({ invoiceId, result: submission.reply() }, { status: 400 });
  const { amount, paidOn } = submission.value;
  const outcome = await recordInvoicePayment(db, actor, { invoiceId, amountCents: amount, paidOn });
  if (!outcome.ok) {
    if (outcome.reason === "too_much" || outcome.reason === "not_positive") {
      const message = outcome.reason === "too_much" ? t.amountTooMuch(formatEuros(outcome.remainingCents)) : t.amountInvalid;
      return data({ invoiceId, result: submission.reply({ fieldErrors: { amount: [message] } }) }, { status: 400 });
    }
    throw await redirectWithToast(request, back, { type: "info", title: t.notOpen });
  }
  throw await redirectWithToast(request, back, outcome.fullyPaid
    ? { type: "success", title: t.paid(outcome.invoiceNumber) }
    : { type: "success", title: t.partlyPaid(outcome.invoiceNumber), description: t.partial(formatEuros(outcome.paidCents), formatEuros(outcome.amountCents)) });
}
