import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { auditEntryView } from "~/backoffice/audit-view";
import { consentLogView } from "~/backoffice/consents-view";
import { staffDataExportAction } from "~/backoffice/data-export.server";
import { staffDeletionAction, staffDeletionSection } from "~/backoffice/staff-deletion.server";
import { badForm, notFound, requireStaffActor } from "~/backoffice/staff.server";
import { Alert } from "~/components/alert";
import { AuditHistory } from "~/components/backoffice/audit-entries";
import { ConsentsSection } from "~/components/backoffice/consents-section";
import { DataExportSection } from "~/components/backoffice/data-export-section";
import { StaffDeletionSection } from "~/components/backoffice/staff-deletion-section";
import { accountDeletionNoticeFor } from "~/services/account-deletion.server";
import { CaregiverStatusBadge } from "~/components/backoffice/status-badges";
import { PersonOrdersTable } from "~/components/backoffice/person-orders";
import { CaregiverPhoto, Facts, Section, inlineLinkClass } from "~/components/backoffice/ui";
import { formatRating } from "~/components/booking/caregiver-cards";
import { SubmitButton } from "~/components/button";
import { ErrorSummary, TextareaField } from "~/components/forms";
import { getDb } from "~/db.server";
import { VERIFICATION_FLAGS, ageOn, missingApprovalChecks, reviewActionsFor, reviewRefusal, type CaregiverReviewAction } from "~/domain/caregiver-review";
import { formatDate, formatDateTime, formatTimeRange, helsinkiDateString } from "~/domain/format";
import {
  REVIEW_ACTION_BUSY,
  REVIEW_ACTION_DONE,
  REVIEW_ACTION_DONE_DETAIL,
  REVIEW_ACTION_LABELS,
  VERIFICATION_FLAG_LABELS,
  caregiverTexts,
} from "~/messages/backoffice";
import { caregiverApprovalTexts as at } from "~/messages/caregiver-approval";
import { listAuditForEntity } from "~/models/audit-log.server";
import { listConsentsOf } from "~/models/consents.server";
import { getCaregiverApplication, listUpcomingOrdersOfCaregiver } from "~/models/backoffice-caregivers.server";
import { getAvailabilityPlan } from "~/models/availability.server";
import { weeklyPlanLines } from "~/domain/availability";
import { availabilityTexts } from "~/messages/availability";
import { CaregiverReviewSchema, VerificationFlagsSchema } from "~/schemas/backoffice";
import { LANGUAGE_OPTIONS, TRANSPORTATION_OPTIONS } from "~/schemas/caregiver-registration";
import { reviewCaregiver, updateVerificationFlags } from "~/services/caregiver-review.server";
import { redirectWithToast } from "~/services/flash.server";
import { now as clockNow } from "~/services/clock.server";

// One helper's whole application and what staff do with it (issue 14): approve, reject with a
// reason, suspend, reinstate, the verification checks, the orders to reassign when suspended,
// and the helper's history from the audit log. Admin and moderator.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.caregivers);
  const db = await getDb();
  const caregiver = await getCaregiverApplication(db, params.caregiverId ?? "");
  if (!caregiver) throw notFound(caregiverTexts.notFound);
  const now = clockNow();
  const [orders, audit, consents, plan] = await Promise.all([
    listUpcomingOrdersOfCaregiver(db, caregiver.id, now),
    listAuditForEntity(db, "caregiver", caregiver.id),
    listConsentsOf(db, caregiver.profileId),
    getAvailabilityPlan(db, caregiver.id, helsinkiDateString(now)),
  ]);
  const transport = caregiver.hasCar ? "car" : caregiver.hasDriversLicense ? "license" : "none";
  return {
    availability: { lines: weeklyPlanLines(plan.weekly), exceptions: plan.exceptions.length },
    canExport: (access.exportPersonalData as readonly string[]).includes(user.role),
    // "Poista tili" (decision 0034): staff see that the account is going, or gone.
    deletionNotice: await accountDeletionNoticeFor(db, caregiver.profileId, "caregiver"),
    // "Poista kaverin tiedot": admins ask for it on a helper's phoned request.
    deletion: await staffDeletionSection(db, { profileId: caregiver.profileId, record: { entityType: "caregiver", entityId: caregiver.id } }, user.role),
    caregiver: {
      id: caregiver.id,
      fullName: caregiver.fullName || caregiver.email,
      status: caregiver.status,
      photoUrl: caregiver.photoUrl,
      appliedAt: formatDate(caregiver.appliedAt),
      rejectionReason: caregiver.rejectionReason,
      suspendedAt: caregiver.suspendedAt ? formatDate(caregiver.suspendedAt) : null,
      suspensionReason: caregiver.suspensionReason,
      reviewed: caregiver.reviewedAt
        ? `${formatDateTime(caregiver.reviewedAt)}${caregiver.reviewedByName ? `, ${caregiver.reviewedByName}` : ""}`
        : null,
      flags: caregiver.flags,
      facts: [
        { label: "Sähköposti", value: `${caregiver.email}${caregiver.emailConfirmed ? "" : " (ei vielä vahvistettu)"}` },
        { label: "Puhelin", value: caregiver.phone ?? "Ei puhelinta" },
        {
          label: "Osoite",
          value: [caregiver.location, [caregiver.postalCode, caregiver.city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
        },
        {
          label: "Syntymäaika",
          value: caregiver.dateOfBirth
            ? `${formatDate(caregiver.dateOfBirth)} (${ageOn(caregiver.dateOfBirth, helsinkiDateString(now))} v)`
            : "Ei tiedossa",
        },
        { label: "Palvelut", value: caregiver.services.length ? caregiver.services.join(", ") : "Ei valittuja palveluja" },
        {
          label: "Kielet",
          value:
            caregiver.languages
              .map((id) => LANGUAGE_OPTIONS.find((option) => option.value === id)?.label ?? id)
              .join(", ") || "Ei tiedossa",
        },
        { label: "Kulkeminen", value: TRANSPORTATION_OPTIONS.find((option) => option.value === transport)?.label ?? "" },
        { label: "Toiminta-alue", value: `${caregiver.radiusKm} km` },
        {
          label: "Arvio",
          value:
            caregiver.averageRating === null
              ? caregiverTexts.noRating
              : `${formatRating(caregiver.averageRating)} (${caregiver.totalOrders} tilausta)`,
        },
        { label: "Hakemus jätetty", value: formatDate(caregiver.appliedAt) },
      ],
      bio: caregiver.bio,
    },
    actions: reviewActionsFor(caregiver.status),
    missingChecks: missingApprovalChecks(caregiver.flags).map((flag) => VERIFICATION_FLAG_LABELS[flag]),
    orders: orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      href: `/backoffice/orders/${encodeURIComponent(order.orderNumber)}`,
      serviceName: order.serviceName,
      status: order.status,
      when: `${formatDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
      city: order.city,
      customerName: order.customerName || "Ei nimeä",
    })),
    history: audit.map((row) => auditEntryView(row)),
    consents: consentLogView(consents),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.caregivers);
  const caregiverId = params.caregiverId ?? "";
  const here = `/backoffice/caregivers/${caregiverId}`;
  const formData = await request.formData();
  const db = await getDb();

  switch (formData.get("intent")) {
    case "data-export": {
      const caregiver = await getCaregiverApplication(db, caregiverId);
      const subject = caregiver ? { profileId: caregiver.profileId, entityType: "caregiver" as const, entityId: caregiver.id } : null;
      return staffDataExportAction(request, context, subject, here, caregiverTexts.notFound);
    }
    case "delete-account":
    case "cancel-deletion": {
      const findPerson = async () => {
        const caregiver = await getCaregiverApplication(db, caregiverId);
        if (!caregiver) throw notFound(caregiverTexts.notFound);
        return { profileId: caregiver.profileId, email: caregiver.email, fullName: caregiver.fullName, record: { entityType: "caregiver" as const, entityId: caregiver.id } };
      };
      return staffDeletionAction(request, context, formData, findPerson, here);
    }
    case "review": {
      const submission = parseWithZod(formData, { schema: CaregiverReviewSchema });
      if (submission.status !== "success") {
        return data({ form: String(formData.get("action") ?? ""), result: submission.reply() }, { status: 400 });
      }
      const { action: reviewAction, reason } = submission.value;
      const refused = (refusal: NonNullable<ReturnType<typeof reviewRefusal>>) =>
        refusal.reason === "checks_missing"
          ? redirectWithToast(request, here, {
              type: "error",
              title: at.refusedTitle,
              description: at.missingList(refusal.missing.map((flag) => VERIFICATION_FLAG_LABELS[flag])),
            })
          : redirectWithToast(request, here, { type: "error", title: caregiverTexts.invalidState });
      // Every decision asks first (a confirm view, the same without JavaScript), after the same checks the decision runs.
      if (formData.get("vahvista") !== "kylla") {
        const caregiver = await getCaregiverApplication(db, caregiverId);
        if (!caregiver) throw notFound(caregiverTexts.notFound);
        const refusal = reviewRefusal(caregiver, reviewAction);
        if (refusal) return refused(refusal);
        return data({ confirm: { action: reviewAction, reason: reason ?? "", name: caregiver.fullName || caregiver.email } });
      }
      const outcome = await reviewCaregiver(db, actor, { caregiverId, action: reviewAction, reason });
      if (!outcome.ok) {
        if (outcome.reason === "not_found") throw notFound(caregiverTexts.notFound);
        return refused(outcome.reason === "checks_missing" ? outcome : { reason: "invalid_state" });
      }
      return redirectWithToast(request, here, {
        type: "success",
        title: REVIEW_ACTION_DONE[reviewAction],
        description: REVIEW_ACTION_DONE_DETAIL[reviewAction],
      });
    }
    case "verification": {
      const submission = parseWithZod(formData, { schema: VerificationFlagsSchema });
      if (submission.status !== "success") throw badForm();
      const { intent: _intent, ...flags } = submission.value;
      const outcome = await updateVerificationFlags(db, actor, { caregiverId, flags });
      if (!outcome.ok) throw notFound(caregiverTexts.notFound);
      return redirectWithToast(request, here, {
        type: "success",
        title: outcome.changed ? caregiverTexts.flagsSaved : caregiverTexts.flagsUnchanged,
      });
    }
    default:
      throw badForm();
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.caregiver.fullName ?? "Kaveri"} – Kaverit – Hallintapaneeli – Arkikaveri` },
];

const REASON_HINTS: Partial<Record<CaregiverReviewAction, string>> = {
  reject: "Syy lähetetään hakijalle sähköpostissa. Kirjoita se ystävällisesti ja selkeästi.",
  suspend: "Ei pakollinen. Syy lähetetään kaverille sähköpostissa.",
};

function ReviewActionForm({ kind }: { kind: CaregiverReviewAction }) {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "form" in actionData && actionData.form === kind ? actionData.result : undefined;
  const withReason = kind === "reject" || kind === "suspend";
  const [form, fields] = useForm({
    id: `review-${kind}`,
    lastResult,
    constraint: getZodConstraint(CaregiverReviewSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CaregiverReviewSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-lg border-2 border-gray-200 p-4">
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="action" value={kind} />
      {withReason ? (
        <TextareaField
          meta={fields.reason}
          label={kind === "reject" ? "Hylkäyksen syy" : "Jäädytyksen syy"}
          hint={REASON_HINTS[kind]}
          rows={3}
        />
      ) : null}
      <SubmitButton busyLabel={REVIEW_ACTION_BUSY[kind]} variant={kind === "reject" || kind === "suspend" ? "danger" : "primary"}>
        {REVIEW_ACTION_LABELS[kind]}
      </SubmitButton>
    </Form>
  );
}

const ACTION_INTROS: Record<CaregiverReviewAction, string> = {
  approve: "Hyväksytty kaveri näkyy asiakkaille heti, ja hänelle lähetetään ohjeet sähköpostilla.",
  reject: "Hakija saa sähköpostin, jossa kerrotaan syy.",
  suspend: "Jäädytettyä kaveria ei tarjota asiakkaille eikä hänelle voi valita tilauksia. Jo sovitut tilaukset näkyvät alla siirrettäviksi.",
  reinstate: "Kaveri näkyy taas asiakkaille, ja hänelle voi valita tilauksia.",
};

function ConfirmReview({ confirm, here }: { confirm: { action: CaregiverReviewAction; reason: string; name: string }; here: string }) {
  const locksOut = confirm.action === "reject" || confirm.action === "suspend";
  return (
    <section aria-labelledby="confirm-review-heading" className="space-y-3 rounded-lg border-2 border-brand-700 bg-white p-4">
      <h2 id="confirm-review-heading" className="text-2xl font-bold text-brand-900">
        {at.confirmHeading[confirm.action](confirm.name)}
      </h2>
      <p>{ACTION_INTROS[confirm.action]}</p>
      {locksOut ? <p>{at.signedOut}</p> : null}
      {confirm.reason ? <p className="whitespace-pre-line break-words">{at.reasonShown(confirm.reason)}</p> : null}
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="action" value={confirm.action} />
        <input type="hidden" name="reason" value={confirm.reason} />
        <input type="hidden" name="vahvista" value="kylla" />
        <SubmitButton busyLabel={REVIEW_ACTION_BUSY[confirm.action]} variant={locksOut ? "danger" : "primary"}>
          {at.confirmButton[confirm.action]}
        </SubmitButton>
        <Link to={here} className={inlineLinkClass}>
          {at.cancel}
        </Link>
      </Form>
    </section>
  );
}

export default function CaregiverPage() {
  const { caregiver, actions, missingChecks, orders, history, canExport, consents, deletionNotice, deletion, availability } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const suspended = caregiver.status === "suspended";
  return (
    <div className="max-w-5xl space-y-6">
      <p>
        <Link to="/backoffice/caregivers" className={inlineLinkClass}>
          <span aria-hidden="true">←&nbsp;</span>Kaikki kaverit
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <CaregiverPhoto url={caregiver.photoUrl} size="large" />
        <div className="min-w-0 space-y-2">
          <h1 className="break-words text-3xl font-bold text-brand-900 sm:text-4xl">{caregiver.fullName}</h1>
          <p className="flex flex-wrap items-center gap-2">
            <CaregiverStatusBadge status={caregiver.status} />
            <span>Hakemus jätetty {caregiver.appliedAt}</span>
          </p>
          {caregiver.reviewed ? <p className="text-gray-700">Viimeksi käsitelty {caregiver.reviewed}</p> : null}
        </div>
      </div>

      {deletionNotice ? (
        <Alert type="warning" title="Tilin poisto" announce={false}>
          <p>{deletionNotice}</p>
        </Alert>
      ) : null}
      {caregiver.status === "rejected" && caregiver.rejectionReason ? (
        <Alert type="info" title="Hakemus hylätty" announce={false}>
          <p>Syy: {caregiver.rejectionReason}</p>
        </Alert>
      ) : null}
      {suspended ? (
        <Alert type="warning" title={`Jäädytetty ${caregiver.suspendedAt ?? ""}`} announce={false}>
          {caregiver.suspensionReason ? <p>Syy: {caregiver.suspensionReason}</p> : null}
          <p>Kaveria ei tarjota asiakkaille eikä hänelle voi valita tilauksia.</p>
        </Alert>
      ) : null}

      {actions.length > 0 ? (
        <Section title="Päätös" id="review-heading">
          {confirm ? (
            <ConfirmReview confirm={confirm} here={`/backoffice/caregivers/${caregiver.id}`} />
          ) : (
            <div className="grid gap-4 md:grid-cols-2">
              {actions.map((action) => (
                <div key={action} className="space-y-2">
                  <p>{ACTION_INTROS[action]}</p>
                  {action === "approve" && missingChecks.length > 0 ? (
                    <Alert type="warning" title={at.missingHeading} announce={false}>
                      <p>{at.missingList(missingChecks)}</p>
                    </Alert>
                  ) : null}
                  <ReviewActionForm kind={action} />
                </div>
              ))}
            </div>
          )}
        </Section>
      ) : null}

      <Section title="Tarkistukset" id="checks-heading">
        <Form method="post" className="space-y-4">
          <fieldset className="space-y-2">
            <legend className="mb-1">Merkitse tehdyt tarkistukset. Muutokset tallentuvat historiaan.</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {VERIFICATION_FLAGS.map((flag) => (
                <div key={flag} className="flex items-center gap-3">
                  <span className="flex min-h-target min-w-target flex-none items-center justify-center">
                    <input
                      id={`flag-${flag}`}
                      type="checkbox"
                      name={flag}
                      defaultChecked={caregiver.flags[flag]}
                      className="h-7 w-7 cursor-pointer rounded border-2 border-gray-700 accent-brand-700"
                    />
                  </span>
                  <label htmlFor={`flag-${flag}`} className="cursor-pointer font-semibold">
                    {VERIFICATION_FLAG_LABELS[flag]}
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
          <SubmitButton busyLabel="Tallennetaan..." name="intent" value="verification">
            Tallenna tarkistukset
          </SubmitButton>
        </Form>
      </Section>

      <Section title={availabilityTexts.title} id="availability-heading">
        {availability.lines.length === 0 ? (
          <p>{availabilityTexts.summaryEmpty}</p>
        ) : (
          <ul className="space-y-1">
            {availability.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <p>
          <Link to={`/backoffice/caregivers/${caregiver.id}/saatavuus`} className={inlineLinkClass}>
            {availabilityTexts.staffLink}
          </Link>
        </p>
      </Section>

      <Section title="Hakemus" id="application-heading">
        <Facts items={caregiver.facts} />
        <div className="space-y-1">
          <h3 className="font-semibold">Esittely</h3>
          <p className="whitespace-pre-line break-words">{caregiver.bio || "Ei kuvausta"}</p>
        </div>
      </Section>

      <Section title={suspended ? "Siirrettävät tilaukset" : "Tulevat tilaukset"} id="orders-heading">
        {suspended && orders.length > 0 ? (
          <p>Valitse näille tilauksille uusi kaveri tilauksen sivulta, tai peru tilaus.</p>
        ) : null}
        {orders.length === 0 ? (
          <p>Ei tulevia tilauksia.</p>
        ) : (
          <PersonOrdersTable
            caption="Kaverin tulevat tilaukset"
            orders={orders}
            columns={[{ label: "Asiakas", value: (order) => order.customerName }]}
          />
        )}
      </Section>

      <ConsentsSection entries={consents} />

      {canExport ? <DataExportSection /> : null}

      {deletion ? (
        <StaffDeletionSection view={deletion} lastResult={actionData && "intent" in actionData && actionData.intent === "delete-account" ? actionData.result : undefined} />
      ) : null}

      <Section title="Historia" id="history-heading">
        <AuditHistory entries={history} empty="Ei kirjattuja muutoksia." />
      </Section>
    </div>
  );
}
