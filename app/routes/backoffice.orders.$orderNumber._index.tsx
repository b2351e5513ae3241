import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { access } from "~/auth/access";
import { requireRole } from "~/auth/guards.server";
import { handleOrderChange } from "~/backoffice/order-actions.server";
import { carriedListSearch, requireOrderOfPage } from "~/backoffice/order-page.server";
import { canAssign, caregiverOptionLabel, statusOptions } from "~/backoffice/orders-list.server";
import { Alert } from "~/components/alert";
import { CaregiverForm, StatusForm } from "~/components/backoffice/order-controls";
import { CaregiverStatusBadge, CustomerStatusBadge } from "~/components/backoffice/status-badges";
import { Facts, Section, inlineLinkClass } from "~/components/backoffice/ui";
import { ButtonLink, SubmitButton } from "~/components/button";
import { getDb } from "~/db.server";
import type { StaffRole } from "~/db/schema";
import { formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { canStaffCancel } from "~/domain/order-status";
import { canReschedule } from "~/domain/reschedule";
import { orderTexts } from "~/messages/backoffice";
import { listAssignableCaregivers } from "~/models/backoffice-orders.server";
import { now } from "~/services/clock.server";

// The order's basic information (spec 001 §2 "Basic info"): customer, helper or 'Ei valittua
// kaveria', the visit, and the status and helper changes.

/** The order's page offers every free helper of the city, not just the list's first few. */
const PAGE_CAREGIVER_OPTIONS = 200;

function may(role: StaffRole, roles: readonly StaffRole[]) {
  return roles.includes(role);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, access.orders);
  const db = await getDb();
  const order = await requireOrderOfPage(db, params);
  const search = carriedListSearch(request);
  const here = `/backoffice/orders/${encodeURIComponent(order.orderNumber)}`;
  const assignable = canAssign(order.status)
    ? ((await listAssignableCaregivers(db, [order.id], PAGE_CAREGIVER_OPTIONS)).get(order.id) ?? [])
    : [];
  const options = assignable.map((caregiver) => ({ value: caregiver.id, label: caregiverOptionLabel(caregiver) }));
  if (order.caregiver && !assignable.some((caregiver) => caregiver.id === order.caregiver!.id)) {
    options.unshift({ value: order.caregiver.id, label: order.caregiver.fullName });
  }
  const recipientName = [order.recipient.firstName, order.recipient.lastName].filter(Boolean).join(" ");
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      caregiverId: order.caregiver?.id ?? null,
      customer: {
        facts: [
          { label: "Nimi", value: order.customer.fullName || "Ei nimeä" },
          { label: "Sähköposti", value: order.customer.email || "Ei emailia" },
          { label: "Puhelin", value: order.customer.phone || "Ei puhelinta" },
        ],
        status: order.customer.status,
        href: may(user.role, access.users) ? `/backoffice/users/${order.customer.id}` : null,
      },
      caregiver: order.caregiver
        ? {
            facts: [
              { label: "Nimi", value: order.caregiver.fullName || "Ei nimeä" },
              { label: "Sähköposti", value: order.caregiver.email || "Ei emailia" },
              { label: "Puhelin", value: order.caregiver.phone || "Ei puhelinta" },
            ],
            status: order.caregiver.status,
            href: may(user.role, access.caregivers) ? `/backoffice/caregivers/${order.caregiver.id}` : null,
          }
        : null,
      visit: [
        { label: "Palvelu", value: order.serviceName },
        { label: "Kuvaus", value: order.description || "Ei kuvausta" },
        ...(order.specialNotes ? [{ label: "Lisätietoja kaverille", value: order.specialNotes }] : []),
        { label: "Osoite", value: order.address },
        { label: "Postinumero", value: order.postalCode },
        { label: "Kaupunki", value: order.city },
        { label: "Päivä ja aika", value: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}` },
        { label: "Kesto", value: formatHours(order.durationHours) },
        ...(order.bookingFor === "other"
          ? [{ label: "Palvelun saaja", value: `${recipientName || "Ei nimeä"}, puh. ${order.recipient.phone || "Ei puhelinta"}` }]
          : [{ label: "Palvelun saaja", value: "Tilaaja itse" }]),
      ],
    },
    here: `${here}${search}`,
    canAssign: canAssign(order.status),
    caregiverOptions: options,
    noFreeCaregivers: canAssign(order.status) && assignable.length === 0 ? orderTexts.noFreeCaregivers : null,
    statusOptions: statusOptions(user.role, { ...order, caregiverId: order.caregiver?.id ?? null }, now()),
    rescheduleHref:
      canReschedule(order, "staff", now()) && may(user.role, access.rescheduleOrders) ? `${here}/muuta-aika` : null,
    // Revoking the order's links and mailing the payer a new one (docs/decisions/0036).
    manageLink: may(user.role, access.reissueManageLinks),
    cancelHref:
      canStaffCancel(order.status) && may(user.role, access.cancelOrders)
        ? `${here}/peruuta?${new URLSearchParams({ takaisin: `${here}${search}` })}`
        : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return handleOrderChange(request, context, `/backoffice/orders/${encodeURIComponent(params.orderNumber ?? "")}`);
}

export default function OrderBasicsTab() {
  const { order, here, canAssign, caregiverOptions, noFreeCaregivers, statusOptions, cancelHref, rescheduleHref, manageLink } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <Section title="Tila ja kaveri" id="changes-heading" actions={
          cancelHref || rescheduleHref ? (
            <>
              {rescheduleHref ? <ButtonLink to={rescheduleHref}>Muuta aikaa</ButtonLink> : null}
              {cancelHref ? <ButtonLink to={cancelHref} variant="danger">Peru tilaus</ButtonLink> : null}
            </>
          ) : null
        }>
        <div className="grid gap-6 md:grid-cols-2">
          <div className="space-y-2">
            <h3 className="font-semibold">Tila</h3>
            <StatusForm orderId={order.id} orderNumber={order.orderNumber} returnTo={here} status={order.status} options={statusOptions} />
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold">Kaveri</h3>
            {canAssign ? (
              <>
                <p className="text-gray-700">Vaihtoehtoina ovat hyväksytyt kaverit, jotka tarjoavat tätä palvelua, toimivat tilauksen paikkakunnalla ja ovat vapaina koko käynnin ajan.</p>
                <CaregiverForm
                  orderId={order.id}
                  orderNumber={order.orderNumber}
                  returnTo={here}
                  caregiverId={order.caregiverId}
                  options={caregiverOptions}
                  emptyNote={noFreeCaregivers}
                />
              </>
            ) : (
              <p>Kaveria ei voi vaihtaa peruutetulle tai valmiille tilaukselle.</p>
            )}
          </div>
        </div>
      </Section>

      <Section title="Asiakas" id="customer-heading">
        <Facts items={order.customer.facts} />
        <p className="flex flex-wrap items-center gap-3">
          <CustomerStatusBadge status={order.customer.status} />
          {order.customer.href ? (
            <Link to={order.customer.href} className={inlineLinkClass}>
              Asiakkaan tiedot ja tilaukset
            </Link>
          ) : null}
        </p>
      </Section>

      <Section title="Kaveri" id="caregiver-heading">
        {order.caregiver ? (
          <>
            {order.caregiver.status !== "approved" ? (
              <Alert type="warning" announce={false}>
                Kaveri ei ole tällä hetkellä hyväksytty (tila: <CaregiverStatusBadge status={order.caregiver.status} />). Valitse tilaukselle uusi kaveri.
              </Alert>
            ) : null}
            <Facts items={order.caregiver.facts} />
            {order.caregiver.href ? (
              <Link to={order.caregiver.href} className={inlineLinkClass}>
                Kaverin tiedot
              </Link>
            ) : null}
          </>
        ) : (
          <p>{orderTexts.noCaregiver}</p>
        )}
      </Section>

      <Section title="Käynti" id="visit-heading">
        <Facts items={order.visit} />
      </Section>

      {manageLink ? (
        <Section title={orderTexts.manageLinkHeading} id="manage-link-heading">
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="manage-link" />
            <input type="hidden" name="orderId" value={order.id} />
            <input type="hidden" name="returnTo" value={here} />
            <p>{orderTexts.manageLinkText}</p>
            <SubmitButton variant="secondary" busyLabel="Lähetetään…">
              {orderTexts.manageLinkButton}
            </SubmitButton>
          </Form>
        </Section>
      ) : null}
    </div>
  );
}
