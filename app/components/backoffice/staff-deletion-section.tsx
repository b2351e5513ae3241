import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, FormError, TextareaField, TextField } from "~/components/forms";
import { accountDeletionMessages as adm } from "~/messages/account-deletion";
import { staffDeletionTexts, type StaffDeletionSubject } from "~/messages/staff-deletion";
import { Section } from "./ui";

type FormConstraint = Parameters<typeof useForm>[0]["constraint"];

export type StaffDeletionView = { subject: StaffDeletionSubject } & (
  | { kind: "pending"; text: string }
  | { kind: "blocked"; visits: { orderId: string; line: string }[]; invoices: { invoiceNumber: number; line: string }[] }
  | { kind: "form"; constraint: FormConstraint }
);

/**
 * "Poista asiakkaan tiedot" / "Poista kaverin tiedot" (decision 0034), admins only: what blocks
 * the deletion, the form (reason and POISTA), or the date of a waiting deletion with a button to
 * cancel it.
 */
export function StaffDeletionSection({ view, lastResult }: { view: StaffDeletionView; lastResult?: SubmissionResult<string[]> }) {
  const t = staffDeletionTexts[view.subject];
  return (
    <Section title={t.heading} id="staff-deletion-heading">
      {view.kind === "pending" ? (
        <>
          <p>{view.text}</p>
          <Form method="post">
            <SubmitButton name="intent" value="cancel-deletion" busyLabel={t.cancelBusy}>
              {t.cancelSubmit}
            </SubmitButton>
          </Form>
        </>
      ) : view.kind === "blocked" ? (
        <Alert type="warning" announce={false} title={t.blockedIntro}>
          <BlockerList heading={adm.futureVisitsHeading} lines={view.visits.map((visit) => ({ key: visit.orderId, line: visit.line }))} />
          <BlockerList heading={adm.unpaidInvoicesHeading} lines={view.invoices.map((invoice) => ({ key: String(invoice.invoiceNumber), line: invoice.line }))} />
        </Alert>
      ) : (
        <DeletionForm subject={view.subject} constraint={view.constraint} lastResult={lastResult} />
      )}
    </Section>
  );
}

/** One kind of blocker with the portal's lines; nothing when there are none. */
function BlockerList({ heading, lines }: { heading: string; lines: { key: string; line: string }[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <h3 className="mt-2 font-bold">{heading}</h3>
      <ul className="list-disc space-y-1 pl-6">
        {lines.map((item) => (
          <li key={item.key}>{item.line}</li>
        ))}
      </ul>
    </>
  );
}

function DeletionForm({ subject, constraint, lastResult }: { subject: StaffDeletionSubject; constraint: FormConstraint; lastResult?: SubmissionResult<string[]> }) {
  const t = staffDeletionTexts[subject];
  // Validated on the server only: the page carries no schema.
  const [form, fields] = useForm({ id: "tietojen-poisto", lastResult, constraint, shouldValidate: "onSubmit" });
  return (
    <>
      <p>{t.intro}</p>
      <p>{t.signOutNote}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border-2 border-red-200 p-4">
        <ErrorSummary form={form} />
        <FormError errors={form.errors} title={t.failed} />
        <input type="hidden" name="intent" value="delete-account" />
        <TextareaField meta={fields.reason} label={t.reasonLabel} hint={t.reasonHint} rows={3} />
        <TextField meta={fields.deleteConfirmation} label={adm.confirmLabel} hint={adm.confirmHint} autoComplete="off" />
        <SubmitButton busyLabel={t.busy} variant="danger">
          {t.submit}
        </SubmitButton>
      </Form>
    </>
  );
}
