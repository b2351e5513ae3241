import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatCards } from "~/components/backoffice/ui";
import { ButtonLink } from "~/components/button";
import { ContactText } from "~/components/contact-text";
import { linkClass } from "~/components/layout";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { SeriesBadge } from "~/components/series-badge";
import { seriesMark } from "~/messages/portal";
import { requireUser, type AuthUser } from "~/auth/guards.server";
import { getDb, type DB } from "~/db.server";
import { REQUIRED_FOR_APPROVAL } from "~/domain/caregiver-review";
import { VERIFICATION_FLAG_LABELS } from "~/messages/backoffice";
import { applicantTexts } from "~/messages/caregiver-approval";
import { getCaregiverApplication } from "~/models/backoffice-caregivers.server";
import { getContactInfo } from "~/models/settings.server";
import { findCaregiverIdOfUser } from "~/models/users.server";
import { formatEuros, formatHours, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { countUnreadMessages } from "~/models/order-messages.server";
import { listUpcomingOrdersForUser, portalFigures } from "~/models/portal-orders.server";
import { hasWeeklyPlan } from "~/models/availability.server";
import { Alert } from "~/components/alert";
import { AVAILABILITY_PATH } from "~/domain/portal-paths";
import { availabilityTexts } from "~/messages/availability";

// Portal home (spec 001 §2; issue 10): a greeting by first name, a new-order button for
// customers, real counts (orders, unread messages, reviews given or received) and the next three
// upcoming orders of the user as customer or as helper, with where each stands in plain words.

/** Where a customer starts a new order from home: the four-step wizard (issue 10); the orders page offers the portal's five-step one. */
const NEW_ORDER_PATH = "/varaa-kaveri";

function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}

/** Where a helper's application stands, for an applicant or a rejected one (decision 0018); null for everyone else. */
async function applicationStanding(db: DB, user: AuthUser) {
  if (user.userType !== "caregiver" || user.caregiverStatus === "approved") return null;
  const caregiverId = await findCaregiverIdOfUser(db, user.id);
  const application = caregiverId ? await getCaregiverApplication(db, caregiverId) : null;
  const contact = await getContactInfo(db);
  return {
    rejected: user.caregiverStatus === "rejected",
    rejectionReason: application?.rejectionReason ?? null,
    steps: REQUIRED_FOR_APPROVAL.map((flag) => ({ flag, label: VERIFICATION_FLAG_LABELS[flag], done: application?.flags[flag] ?? false })),
    contact: applicantTexts.contact(contact.phone, contact.email),
    contactDetails: { phone: contact.phone, email: contact.email },
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const application = await applicationStanding(db, user);
  if (application) return { application, firstName: firstNameOf(user.fullName) } as const;
  const [orders, figures, unread] = await Promise.all([
    listUpcomingOrdersForUser(db, user.id),
    portalFigures(db, user.id),
    countUnreadMessages(db, user.id),
  ]);
  const isCaregiver = user.userType === "caregiver";
  // An approved helper without weekly hours is offered to nobody (issue 27): home says so first.
  const caregiverId = isCaregiver ? await findCaregiverIdOfUser(db, user.id) : null;
  const needsPlan = caregiverId !== null && !(await hasWeeklyPlan(db, caregiverId));
  return {
    application: null,
    needsPlan,
    firstName: firstNameOf(user.fullName),
    isCaregiver,
    canOrder: !isCaregiver && user.role === null,
    figures: [
      { label: "Tilauksia", value: String(figures.orders), to: isCaregiver ? "/portal/caregiver-bookings" : "/portal/orders" },
      { label: "Lukemattomia viestejä", value: String(unread), to: "/portal/messages" },
      isCaregiver
        ? { label: "Saatuja arvioita", value: String(figures.reviewsReceived) }
        : { label: "Annettuja arvioita", value: String(figures.reviewsGiven) },
    ],
    orders: orders.map((order) => ({
      id: order.id,
      orderNumber: order.orderNumber,
      serviceName: order.serviceName,
      status: order.status,
      accepted: order.accepted,
      as: order.as,
      when: `${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}`,
      duration: formatHours(order.durationHours),
      place: `${order.address}, ${order.postalCode} ${order.city}`,
      caregiver: order.caregiverName ?? "Kaveri valitaan puolestasi",
      recipient: order.recipientName,
      description: order.description,
      amount: formatEuros(order.amountCents),
      seriesMark: seriesMark(order.seriesIntervalWeeks),
      href:
        order.as === "customer"
          ? `/portal/orders/${encodeURIComponent(order.orderNumber)}`
          : `/portal/messages/${encodeURIComponent(order.orderNumber)}`,
    })),
  };
}

function ApplicationStanding({ firstName, application }: { firstName: string; application: NonNullable<Awaited<ReturnType<typeof applicationStanding>>> }) {
  return (
    <div className="max-w-prose space-y-6">
      <h1 className="text-4xl font-bold text-brand-900">{firstName ? `Hei, ${firstName}!` : "Hei!"}</h1>
      <section aria-labelledby="application-heading" className="space-y-4 rounded-lg border-2 border-brand-100 bg-white p-5">
        <h2 id="application-heading" className="text-2xl font-bold text-gray-900">
          {application.rejected ? applicantTexts.rejectedHeading : applicantTexts.pendingHeading}
        </h2>
        {application.rejected ? (
          application.rejectionReason ? <p className="whitespace-pre-line break-words">{applicantTexts.rejectedReason(application.rejectionReason)}</p> : null
        ) : (
          <>
            <p>{applicantTexts.pendingIntro}</p>
            <h3 className="text-xl font-semibold">{applicantTexts.stepsHeading}</h3>
            <ul className="space-y-1">
              {application.steps.map((step) => (
                <li key={step.flag}>
                  {step.label}: <strong>{step.done ? applicantTexts.stepDone : applicantTexts.stepWaiting}</strong>
                </li>
              ))}
            </ul>
          </>
        )}
        <p>
          <ContactText text={application.contact} contact={application.contactDetails} />
        </p>
      </section>
    </div>
  );
}

export default function PortalHome() {
  const data = useLoaderData<typeof loader>();
  if (data.application) return <ApplicationStanding firstName={data.firstName} application={data.application} />;
  const { firstName, isCaregiver, canOrder, figures, orders, needsPlan } = data;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-4xl font-bold text-brand-900">{firstName ? `Hei, ${firstName}!` : "Hei!"}</h1>
          <p className="text-lg text-gray-800">
            {isCaregiver ? "Tervetuloa kaverin omalle sivulle." : "Tervetuloa omalle sivullesi."}
          </p>
        </div>
        {canOrder ? <ButtonLink to={NEW_ORDER_PATH}>Tee uusi tilaus</ButtonLink> : null}
      </div>

      {needsPlan ? (
        <Alert type="warning" title={availabilityTexts.homeReminderTitle}>
          <p>{availabilityTexts.homeReminder}</p>
          <p>
            <Link to={AVAILABILITY_PATH} className={linkClass}>
              {availabilityTexts.homeReminderLink}
            </Link>
          </p>
        </Alert>
      ) : null}

      <StatCards label="Yhteenveto" cards={figures} />

      <section aria-labelledby="upcoming-heading" className="space-y-4">
        <h2 id="upcoming-heading" className="text-2xl font-bold text-gray-900">
          {isCaregiver ? "Tulevat tehtävät" : "Tulevat tilaukset"}
        </h2>
        {orders.length === 0 ? (
          <p className="rounded-lg border-2 border-gray-200 bg-white p-5">
            {isCaregiver ? "Sinulla ei ole tulevia tehtäviä." : "Sinulla ei ole tulevia tilauksia."}
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {orders.map((order) => (
              <li key={order.id} className="space-y-3 rounded-lg border-2 border-brand-100 bg-white p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <h3 className="text-xl font-bold text-gray-900">{order.serviceName}</h3>
                  <div className="flex flex-wrap gap-2">
                    {order.seriesMark ? <SeriesBadge mark={order.seriesMark} /> : null}
                    <OrderStatusBadge status={order.status} audience={order.as} accepted={order.accepted} />
                  </div>
                </div>
                <dl className="space-y-1">
                  <div>
                    <dt className="sr-only">Aika</dt>
                    <dd>{order.when}</dd>
                  </div>
                  <div>
                    <dt className="sr-only">Paikka</dt>
                    <dd className="break-words">{order.place}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2">
                    <dt>Kesto:</dt>
                    <dd>{order.duration}</dd>
                  </div>
                  {order.as === "customer" ? (
                    <div className="flex flex-wrap gap-x-2">
                      <dt>Kaveri:</dt>
                      <dd>{order.caregiver}</dd>
                    </div>
                  ) : null}
                  {order.recipient ? (
                    <div className="flex flex-wrap gap-x-2">
                      <dt>Palvelun saaja:</dt>
                      <dd>{order.recipient}</dd>
                    </div>
                  ) : null}
                  {order.description ? (
                    <div>
                      <dt className="sr-only">Kuvaus</dt>
                      <dd className="break-words text-gray-800">{order.description}</dd>
                    </div>
                  ) : null}
                  <div className="flex flex-wrap gap-x-2 font-semibold">
                    <dt>{order.as === "caregiver" ? "Ansio:" : "Hinta:"}</dt>
                    <dd>{order.amount}</dd>
                  </div>
                  <div className="flex flex-wrap gap-x-2 text-gray-700">
                    <dt>Tilausnumero:</dt>
                    <dd>{order.orderNumber}</dd>
                  </div>
                </dl>
                <Link to={order.href} className={`inline-flex min-h-target items-center ${linkClass}`}>
                  {order.as === "customer" ? "Näytä tilaus" : "Viestit asiakkaalle"}
                  <span className="sr-only">: {order.orderNumber}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
