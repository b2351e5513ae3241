import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Facts } from "~/components/backoffice/ui";
import { SubmitButton } from "~/components/button";
import { CheckboxField, ErrorSummary, RadioCards, TextareaField } from "~/components/forms";
import { linkClass } from "~/components/layout";
import { seriesTexts as t } from "~/messages/series-manage";
import { SeriesCancelSchema, SeriesChangeSchema, StaffSeriesCancelSchema } from "~/schemas/series-manage";

// The series pages' parts (issue 27 item 5), the same in the portal and the back office: the rule
// and the visits with their actions, the "Peru tämä ja kaikki tulevat" confirmation and the
// "Vaihda kaveria tästä eteenpäin" choice. Plain forms: every step works without JavaScript.

/** The customer's form has no staff fields: optional there, so both forms share one shape. */
const STAFF_FIELDS_OPTIONAL = { reason: StaffSeriesCancelSchema.shape.reason.optional(), waiveFee: StaffSeriesCancelSchema.shape.waiveFee };

const actionLinkClass = `inline-flex min-h-target items-center ${linkClass}`;

/** The series' rule and facts, boxed as on the order pages. */
export function SeriesFacts({ facts }: { facts: Array<{ label: string; value: string }> }) {
  return (
    <div className="rounded-lg border-2 border-gray-200 bg-white p-4">
      <Facts items={facts} />
    </div>
  );
}

interface VisitItem {
  id: string;
  orderNumber: string;
  when: string;
  status: string;
  caregiverName: string;
  orderHref: string;
  cancelOneHref: string | null;
  cancelFromHref: string | null;
  changeFromHref: string | null;
  /** A visit of a series paid by card: its charge, decline or payment, in words from the server. */
  payment: { kind: string; text: string; deadline: string | null; payHref: string | null; payLabel: string } | null;
}

/** Each visit: when, status, helper, its order page, and what can be done from it on. */
export function SeriesVisitList({ visits }: { visits: ReadonlyArray<VisitItem> }) {
  if (visits.length === 0) return <p>{t.noVisits}</p>;
  return (
    <ol className="space-y-3">
      {visits.map((visit) => (
        <li key={visit.id} className="space-y-1 rounded-lg border-2 border-gray-200 bg-white p-4">
          <p className="text-lg font-semibold text-gray-900">
            <Link to={visit.orderHref} className={linkClass}>
              {visit.when}
            </Link>
          </p>
          <p>
            {visit.status} · {visit.caregiverName} · {visit.orderNumber}
          </p>
          {visit.payment ? (
            <p className={visit.payment.kind === "declined" ? "font-semibold text-amber-950" : undefined}>
              {visit.payment.text}
              {visit.payment.deadline ? ` ${visit.payment.deadline}` : null}
            </p>
          ) : null}
          {visit.payment?.payHref ? (
            <p>
              <Link to={visit.payment.payHref} className={`${actionLinkClass} font-semibold`}>
                {visit.payment.payLabel}
                <span className="sr-only">: {visit.when}</span>
              </Link>
            </p>
          ) : null}
          {visit.cancelOneHref || visit.cancelFromHref || visit.changeFromHref ? (
            <ul aria-label={t.visitActionsLabel(visit.when)} className="flex flex-wrap gap-x-6">
              {visit.cancelOneHref ? (
                <li>
                  <Link to={visit.cancelOneHref} className={actionLinkClass}>
                    {t.cancelOne}
                  </Link>
                </li>
              ) : null}
              {visit.cancelFromHref ? (
                <li>
                  <Link to={visit.cancelFromHref} className={actionLinkClass}>
                    {t.cancelFromHere}
                  </Link>
                </li>
              ) : null}
              {visit.changeFromHref ? (
                <li>
                  <Link to={visit.changeFromHref} className={actionLinkClass}>
                    {t.changeFromHere}
                  </Link>
                </li>
              ) : null}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

interface CancelPlan {
  fromOrderId: string;
  visits: ReadonlyArray<{ id: string; orderNumber: string; when: string; price: string; fee: string }>;
  feeCents: number;
  total: string;
}

/** "Peru tämä ja kaikki tulevat": what will be cancelled and what it costs, then one button. */
export function SeriesCancelForm({
  plan,
  back,
  staff,
  lastResult,
}: {
  plan: CancelPlan;
  back: string;
  /** Staff write the reason and may waive the fees. */
  staff: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "sarjan-peruutus",
    lastResult,
    // The staff form's fields (the customer's has no reason field, so its constraint never applies).
    constraint: getZodConstraint(StaffSeriesCancelSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      staff ? parseWithZod(formData, { schema: StaffSeriesCancelSchema }) : parseWithZod(formData, { schema: SeriesCancelSchema.extend(STAFF_FIELDS_OPTIONAL) }),
  });
  const backLink = (
    <Link to={back} className={actionLinkClass}>
      {plan.visits.length > 0 ? t.keep : t.back}
    </Link>
  );
  if (plan.visits.length === 0) {
    return (
      <div className="space-y-4">
        <Alert type="info" announce={false}>
          <p>{t.nothingToCancel}</p>
        </Alert>
        {backLink}
      </div>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border-2 border-red-200 bg-white p-5">
      <ErrorSummary form={form} />
      <input type="hidden" name="from" value={plan.fromOrderId} />
      <input type="hidden" name="shownFee" value={plan.feeCents} />
      <p>{t.cancelIntro}</p>
      <ul className="space-y-2">
        {plan.visits.map((visit) => (
          <li key={visit.id} className="border-l-4 border-red-200 pl-3">
            <span className="block font-semibold">{visit.when}</span>
            <span className="block">
              {visit.orderNumber} · {visit.price} · {visit.fee}
            </span>
          </li>
        ))}
      </ul>
      <p className="font-semibold">{plan.total}</p>
      <p>{t.cancelAfter}</p>
      {staff ? (
        <>
          <TextareaField meta={fields.reason} label={t.reasonLabel} hint={t.reasonHint} rows={3} />
          {plan.feeCents > 0 ? <CheckboxField meta={fields.waiveFee} label={t.waiveFeeLabel} /> : null}
        </>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton variant="danger" name="intent" value="cancel" busyLabel={t.cancelling}>
          {t.confirmCancel}
        </SubmitButton>
        {backLink}
      </div>
    </Form>
  );
}

interface ChangePlan {
  fromOrderId: string;
  currentCaregiver: string;
  visits: ReadonlyArray<{ id: string; orderNumber: string; when: string; caregiverName: string }>;
  candidates: ReadonlyArray<{ value: string; label: string }>;
}

/** "Vaihda kaveria tästä eteenpäin": the visits that move and the helpers who can take them all. */
export function SeriesChangeForm({ plan, back, lastResult }: { plan: ChangePlan; back: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useForm({
    id: "sarjan-kaveri",
    lastResult,
    constraint: getZodConstraint(SeriesChangeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SeriesChangeSchema }),
  });
  const backLink = (
    <Link to={back} className={actionLinkClass}>
      {t.back}
    </Link>
  );
  if (plan.visits.length === 0) {
    return (
      <div className="space-y-4">
        <Alert type="info" announce={false}>
          <p>{t.changeRefusals.nothing_to_change}</p>
        </Alert>
        {backLink}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p>{t.changeIntro(plan.visits.length)}</p>
      <ul className="space-y-2">
        {plan.visits.map((visit) => (
          <li key={visit.id} className="border-l-4 border-brand-100 pl-3">
            <span className="block font-semibold">{visit.when}</span>
            <span className="block">
              {visit.orderNumber} · {visit.caregiverName}
            </span>
          </li>
        ))}
      </ul>
      {plan.candidates.length === 0 ? (
        <>
          <Alert type="warning" announce={false}>
            <p>{t.nobodyForAll}</p>
          </Alert>
          {backLink}
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border-2 border-gray-200 bg-white p-5">
          <ErrorSummary form={form} />
          <input type="hidden" name="from" value={plan.fromOrderId} />
          <RadioCards meta={fields.caregiverId} legend={t.pickLabel} hint={t.pickHint} options={plan.candidates} columns={1} />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton name="intent" value="change" busyLabel={t.changing}>
              {t.confirmChange}
            </SubmitButton>
            {backLink}
          </div>
        </Form>
      )}
    </div>
  );
}
