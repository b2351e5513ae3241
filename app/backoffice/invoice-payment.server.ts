import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Executor } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { formatDate, formatEuros } from "~/domain/format";
import { invoicePaymentProblem, openBalanceCents } from "~/domain/invoice-payment";
import { isUuid } from "~/domain/uuid";
import { invoicePaymentTexts } from "~/messages/backoffice";
import { confirmTexts } from "~/messages/backoffice-money";
import type { AuditActor } from "~/models/audit-log.server";
import { findInvoiceForPayment } from "~/models/backoffice-payments.server";
import { invoicePaymentSchema } from "~/schemas/backoffice";
import { recordInvoicePayment } from "~/services/backoffice-money.server";
import { redirectWithToast } from "~/services/flash.server";
import { askToConfirm, isConfirmed } from "./confirm.server";
import { badForm } from "./staff.server";
import { now as clockNow } from "~/services/clock.server";

// The action half of recording an invoice payment (app/components/backoffice/invoice-payment-form.tsx),
// shared by the payments page and an order's payment tab: the form's errors come back to that
// invoice's form (400); a valid form first answers with the confirm step (the amount, the balance
// before and after), and only the confirmed POST records; anything else goes `back` with a toast.

export async function invoicePaymentAction(request: Request, db: Executor, actor: AuditActor, formData: FormData, back: string) {
  const invoiceId = formData.get("invoiceId");
  if (!isUuid(invoiceId)) throw badForm();
  const t = invoicePaymentTexts;
  const submission = parseWithZod(formData, { schema: invoicePaymentSchema(helsinkiToday(clockNow())) });
  if (submission.status !== "success") return data({ invoiceId, result: submission.reply() }, { status: 400 });
  const { amount, paidOn } = submission.value;
  const tooMuch = (balanceCents: number) =>
    data({ invoiceId, result: submission.reply({ fieldErrors: { amount: [t.amountTooMuch(formatEuros(balanceCents))] } }) }, { status: 400 });

  if (!isConfirmed(formData)) {
    const invoice = await findInvoiceForPayment(db, invoiceId);
    if (!invoice || invoice.status !== "open") throw await redirectWithToast(request, back, { type: "info", title: t.notOpen });
    const balanceCents = openBalanceCents(invoice);
    const problem = invoicePaymentProblem(invoice, amount);
    if (problem === "too_much") return tooMuch(balanceCents);
    if (problem) return data({ invoiceId, result: submission.reply({ fieldErrors: { amount: [t.amountInvalid] } }) }, { status: 400 });
    const c = confirmTexts.invoice;
    return askToConfirm(formData, {
      title: c.title(invoice.invoiceNumber),
      lines: c.lines({
        amount: formatEuros(amount),
        paidOn: formatDate(paidOn),
        customer: invoice.customerName,
        orderNumber: invoice.orderNumber,
        balance: formatEuros(balanceCents),
        after: formatEuros(balanceCents - amount),
        fullyPaid: balanceCents === amount,
      }),
      confirmLabel: c.confirm(formatEuros(amount)),
      cancelHref: back,
      action: "/backoffice/payments",
    });
  }

  const outcome = await recordInvoicePayment(db, actor, { invoiceId, amountCents: amount, paidOn });
  if (!outcome.ok) {
    if (outcome.reason === "too_much") return tooMuch(outcome.remainingCents);
    if (outcome.reason === "not_positive") return data({ invoiceId, result: submission.reply({ fieldErrors: { amount: [t.amountInvalid] } }) }, { status: 400 });
    throw await redirectWithToast(request, back, { type: "info", title: t.notOpen });
  }
  throw await redirectWithToast(request, back, outcome.fullyPaid
    ? { type: "success", title: t.paid(outcome.invoiceNumber) }
    : { type: "success", title: t.partlyPaid(outcome.invoiceNumber), description: t.partial(formatEuros(outcome.paidCents), formatEuros(outcome.amountCents)) });
}
