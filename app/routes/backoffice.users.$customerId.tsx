import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { auditEntryView } from "~/backoffice/audit-view";
import { consentLogView } from "~/backoffice/consents-view";
import { askToConfirm, isConfirmed } from "~/backoffice/confirm.server";
import { staffDeletionAction, staffDeletionSection } from "~/backoffice/staff-deletion.server";
import { staffDataExportAction } from "~/backoffice/data-export.server";
import { badForm, notFound, requireStaffActor } from "~/backoffice/staff.server";
import { ConfirmStep, isConfirmReply } from "~/components/backoffice/confirm-step";
import { Alert } from "~/components/alert";
import { AuditHistory } from "~/components/backoffice/audit-entries";
import { ConsentsSection } from "~/components/backoffice/consents-section";
import { StaffDeletionSection } from "~/components/backoffice/staff-deletion-section";
import { DataExportSection } from "~/components/backoffice/data-export-section";
import { accountDeletionNoticeFor } from "~/services/account-deletion.server";
import { CustomerStatusBadge } from "~/components/backoffice/status-badges";
import { PersonOrdersTable } from "~/components/backoffice/person-orders";
import { Facts, Section, inlineLinkClass } from "~/components/backoffice/ui";
import { SubmitButton } from "~/components/button";
import { getDb } from "~/db.server";
import { formatDate, formatEuros, formatTimeRange } from "~/domain/format";
import { customerTexts, orderTexts } from "~/messages/backoffice";
import { confirmTexts } from "~/messages/backoffice-money";
import { listAuditForEntity } from "~/models/audit-log.server";
import { listConsentsOf } from "~/models/consents.server";
import { getCustomerForStaff, listOrdersOfCustomer } from "~/models/backoffice-customers.server";
import { CustomerStatusSchema } from "~/schemas/backoffice";
import { setCustomerFrozen } from "~/services/customer-accounts.server";
import { redirectWithToast } from "~/services/flash.server";

// One customer (issue 14): contact details, status with freeze / unfreeze, their orders and the
// history of staff changes. Admin and moderator; asking for the customer's deletion is admin only.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.users);
  const db = await getDb();
  const customer = await getCustomerForStaff(db, params.customerId ?? "");
  if (!customer) throw notFound(customerTexts.notFound);
  const [orders, audit, consents] = await Promise.all([
    listOrdersOfCustomer(db, customer.id),
    listAuditForEntity(db, "customer", customer.id),
    listConsentsOf(db, customer.profileId),
  ]);
  const ordersVisible = (access.orders as readonly string[]).includes(user.role);
  return {
    canExport: (access.exportPersonalData as readonly string[]).includes(user.role),
    // "Poista tili" (decision 0034): staff see that the account is going, or gone.
    deletionNotice: await accountDeletionNoticeFor(db, customer.profileId, "customer"),
    // "Poista asiakkaan tiedot": admins ask for it on a person's phoned request.
    deletion: await staffDeletionSection(db, { profileId: customer.profileId, record: { entityType: "customer", entityId: customer.id } }, user.role),
    customer: {
      id: customer.id,
      fullName: customer.fullName || "Ei nimeä",
      status: customer.status,
      facts: [
        { label: "Sähköposti", value: `${customer.email}${customer.emailConfirmed ? "" : " (ei vahvistettu)"}` },
        { label: "Puhelin", value: customer.phone ?? "Ei puhelinta" },
        {
          label: "Osoite",
          value: [customer.address, [customer.postalCode, customer.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || "Ei osoitetta",
        },
        { label: "Asiakkaana alkaen", value: formatDate(customer.createdAt) },
        { label: "Tili", value: customer.hasPassword ? "Salasana asetettu" : "Vierasvaraus: salasanaa ei ole vielä valittu" },
      ],
    },
    orders: orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      href: ordersVisible ? `/backoffice/orders/${encodeURIComponent(order.orderNumber)}` : null,
      serviceName: order.serviceName,
      status: order.status,
      when: `${formatDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
      city: order.city,
      price: formatEuros(order.totalPriceCents),
      caregiver: order.caregiverName ?? orderTexts.noCaregiver,
    })),
    history: audit.map((row) => auditEntryView(row)),
    consents: consentLogView(consents),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requireStaffActor(request, context, access.users);
  const formData = await request.formData();
  if (formData.get("intent") === "data-export") {
    const customer = await getCustomerForStaff(await getDb(), params.customerId ?? "");
    const subject = customer ? { profileId: customer.profileId, entityType: "customer" as const, entityId: customer.id } : null;
    return staffDataExportAction(request, context, subject, `/backoffice/users/${params.customerId ?? ""}`, customerTexts.notFound);
  }
  const intent = formData.get("intent");
  if (intent === "delete-account" || intent === "cancel-deletion") {
    const findPerson = async () => {
      const customer = await getCustomerForStaff(await getDb(), params.customerId ?? "");
      if (!customer) throw notFound(customerTexts.notFound);
      return { profileId: customer.profileId, email: customer.email, fullName: customer.fullName, record: { entityType: "customer" as const, entityId: customer.id } };
    };
    return staffDeletionAction(request, context, formData, findPerson, `/backoffice/users/${params.customerId ?? ""}`);
  }
  const submission = parseWithZod(formData, { schema: CustomerStatusSchema });
  if (submission.status !== "success") throw badForm();
  const frozen = submission.value.intent === "freeze";
  const customerId = params.customerId ?? "";
  const db = await getDb();
  const here = `/backoffice/users/${customerId}`;
  // Freezing locks the customer out at once: it asks first (unfreezing gives access back, so it does not).
  if (frozen && !isConfirmed(formData)) {
    const customer = await getCustomerForStaff(db, customerId);
    if (!customer) throw notFound(customerTexts.notFound);
    return askToConfirm(formData, {
      title: confirmTexts.freeze.title(customer.fullName || customer.email),
      lines: [...confirmTexts.freeze.lines],
      confirmLabel: confirmTexts.freeze.confirm,
      cancelHref: here,
      variant: "danger",
    });
  }
  const outcome = await setCustomerFrozen(db, actor, { customerId, frozen });
  if (!outcome.ok) throw notFound(customerTexts.notFound);
  if (!outcome.changed) return redirectWithToast(request, here, { type: "info", title: customerTexts.unchanged });
  return redirectWithToast(request, here, {
    type: "success",
    title: frozen ? customerTexts.frozen : customerTexts.unfrozen,
    description: frozen ? customerTexts.frozenDetail : customerTexts.unfrozenDetail,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.customer.fullName ?? "Asiakas"} – Asiakkaat – Hallintapaneeli – Arkikaveri` },
];

export default function CustomerPage() {
  const { customer, orders, history, canExport, consents, deletionNotice, deletion } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  if (isConfirmReply(reply)) return <ConfirmStep confirm={reply.confirm} />;
  const frozen = customer.status !== "active";
  return (
    <div className="max-w-5xl space-y-6">
      <p>
        <Link to="/backoffice/users" className={inlineLinkClass}>
          <span aria-hidden="true">←&nbsp;</span>Kaikki asiakkaat
        </Link>
      </p>
      <div className="space-y-2">
        <h1 className="break-words text-3xl font-bold text-brand-900 sm:text-4xl">{customer.fullName}</h1>
        <CustomerStatusBadge status={customer.status} />
      </div>
      {deletionNotice ? (
        <Alert type="warning" title="Tilin poisto" announce={false}>
          <p>{deletionNotice}</p>
        </Alert>
      ) : null}

      <Section title="Tiedot" id="details-heading">
        <Facts items={customer.facts} />
      </Section>

      <Section title={frozen ? "Tili on jäädytetty" : "Tilin jäädytys"} id="freeze-heading">
        {frozen ? (
          <Alert type="warning" announce={false}>
            Asiakas ei voi kirjautua sisään eikä tehdä varauksia. Jo tehdyt tilaukset pysyvät ennallaan.
          </Alert>
        ) : (
          <p>
            Jäädytetty asiakas ei voi kirjautua sisään eikä tehdä uusia varauksia, ja hänet kirjataan heti ulos. Jo tehdyt tilaukset pysyvät
            ennallaan; peru ne tarvittaessa erikseen.
          </p>
        )}
        <Form method="post">
          <SubmitButton name="intent" value={frozen ? "unfreeze" : "freeze"} busyLabel="Tallennetaan..." variant={frozen ? "primary" : "danger"}>
            {frozen ? "Poista jäädytys" : "Jäädytä asiakas"}
          </SubmitButton>
        </Form>
      </Section>

      <Section title="Tilaukset" id="orders-heading">
        {orders.length === 0 ? (
          <p>Asiakkaalla ei ole tilauksia.</p>
        ) : (
          <PersonOrdersTable
            caption="Asiakkaan tilaukset"
            orders={orders}
            columns={[
              { label: "Kaveri", value: (order) => order.caregiver },
              { label: "Hinta", value: (order) => order.price },
            ]}
          />
        )}
      </Section>

      <ConsentsSection entries={consents} />

      {canExport ? <DataExportSection /> : null}

      {deletion ? <StaffDeletionSection view={deletion} lastResult={reply && "intent" in reply && reply.intent === "delete-account" ? reply.result : undefined} /> : null}

      <Section title="Historia" id="history-heading">
        <AuditHistory entries={history} empty="Ei kirjattuja muutoksia." />
      </Section>
    </div>
  );
}
