import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { linkClass } from "~/components/layout";
import { MessageForm, MessageList } from "~/components/message-thread";
import { canWriteToThread } from "~/domain/order-messages";
import { formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { threadAudience } from "~/messages/order-messages";
import { handleMessagePost, MESSAGE_FORM_CONSTRAINT, readThreadAsParticipant, requireThreadParticipant } from "~/portal/messages.server";

// One order's thread (issue 10 "Messages"; DESIGN.md decision 21), for its customer and its
// current helper only: anyone else gets the same 404 as for an order that does not exist.
// Opening it marks the messages read; a plain POST form writes a new one.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, order, role } = await requireThreadParticipant(request, params.orderNumber);
  const messages = await readThreadAsParticipant(order, user.id);
  return {
    orderNumber: order.orderNumber,
    summary: `${order.serviceName}, ${formatWeekdayDate(order.startsAt)} ${formatTimeRange(order.startsAt, order.endsAt)}, ${order.city}`,
    withWhom: role === "customer" ? `Kaveri: ${order.caregiver?.fullName || "ei vielä valittu"}` : `Asiakas: ${order.customer.fullName || "Ei nimeä"}`,
    note:
      role === "customer"
        ? threadAudience(order.caregiver?.fullName ?? null)
        : "Viestisi näkevät asiakas ja Arkikaverin asiakaspalvelu. Asiakas saa sähköpostin uudesta viestistä.",
    orderHref: role === "customer" ? `/portal/orders/${encodeURIComponent(order.orderNumber)}` : "/portal/caregiver-bookings",
    orderLinkLabel: role === "customer" ? "Tilauksen tiedot" : "Kaverin tehtävät",
    writable: canWriteToThread(order.status),
    messages,
    messageConstraint: MESSAGE_FORM_CONSTRAINT,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order, role } = await requireThreadParticipant(request, params.orderNumber);
  const back = `/portal/messages/${encodeURIComponent(order.orderNumber)}#viestit`;
  return handleMessagePost(request, await request.formData(), order, { profileId: user.id, role }, back);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Viestit: tilaus ${data?.orderNumber ?? ""} – Oma sivu – Arkikaveri` }];

export default function ThreadPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <div className="max-w-3xl space-y-6">
      <p>
        <Link to="/portal/messages" className={`inline-flex min-h-target items-center ${linkClass}`}>
          <span aria-hidden="true">←&nbsp;</span>Kaikki viestit
        </Link>
      </p>
      <div className="space-y-1">
        <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Viestit: tilaus {data.orderNumber}</h1>
        <p className="text-lg text-gray-800">{data.summary}</p>
        <p className="text-lg text-gray-800">{data.withWhom}</p>
        <p>
          <Link to={data.orderHref} className={`inline-flex min-h-target items-center ${linkClass}`}>
            {data.orderLinkLabel}
          </Link>
        </p>
      </div>
      <section id="viestit" aria-labelledby="viestit-otsikko" className="space-y-4">
        <h2 id="viestit-otsikko" className="text-2xl font-bold text-gray-900">
          Keskustelu
        </h2>
        <MessageList messages={data.messages} />
        <MessageForm
          lastResult={actionData?.result}
          constraint={data.messageConstraint}
          writable={data.writable}
          note={data.note}
          formKey={data.messages.length}
        />
      </section>
    </div>
  );
}
