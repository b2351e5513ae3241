import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { formatDateTime, formatTimeRange, formatWeekdayDate } from "~/domain/format";
import { orderMessageTexts, unreadLabel } from "~/messages/order-messages";
import { listThreadsOfUser } from "~/models/order-messages.server";

// The signed-in person's message threads (issue 10 "Messages"; DESIGN.md decision 21): one per
// order between its customer and its helper, the newest conversation first, each with its unread
// count; orders still ahead without messages are listed too, so a conversation can be started.

const EXCERPT_LENGTH = 140;

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_LENGTH ? `${line.slice(0, EXCERPT_LENGTH - 1)}…` : line;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const threads = await listThreadsOfUser(await getDb(), user.id);
  return {
    isCaregiver: user.userType === "caregiver",
    unreadTotal: threads.reduce((sum, thread) => sum + thread.unread, 0),
    threads: threads.map((thread) => ({
      orderNumber: thread.orderNumber,
      href: `/portal/messages/${encodeURIComponent(thread.orderNumber)}`,
      title: `${thread.serviceName}, ${formatWeekdayDate(thread.startsAt)} ${formatTimeRange(thread.startsAt, thread.endsAt)}`,
      with: thread.role === "customer" ? `Kaveri: ${thread.otherName ?? "ei vielä valittu"}` : `Asiakas: ${thread.otherName ?? "Ei nimeä"}`,
      unread: thread.unread,
      last: thread.lastMessage
        ? { text: `${thread.lastMessage.mine ? "Sinä: " : ""}${excerpt(thread.lastMessage.text)}`, when: formatDateTime(thread.lastMessage.at) }
        : null,
    })),
  };
}

export const meta: MetaFunction = () => [{ title: "Viestit – Oma sivu – Arkikaveri" }];

export default function MessagesPage() {
  const { isCaregiver, unreadTotal, threads } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-4xl font-bold text-brand-900">Viestit</h1>
        <p className="text-lg text-gray-800">
          {isCaregiver
            ? "Jokaisella tilauksella on oma keskustelunsa asiakkaan kanssa. Arkikaverin asiakaspalvelu näkee viestit."
            : "Jokaisella tilauksella on oma keskustelunsa kaverin kanssa. Arkikaverin asiakaspalvelu näkee viestit."}
          {unreadTotal > 0 ? ` Sinulla on ${unreadLabel(unreadTotal)}.` : ""}
        </p>
      </div>
      {threads.length === 0 ? (
        <p className="rounded-lg border-2 border-gray-200 bg-white p-5">{isCaregiver ? orderMessageTexts.noThreadsCaregiver : orderMessageTexts.noThreads}</p>
      ) : (
        <ul className="space-y-3">
          {threads.map((thread) => (
            <li key={thread.orderNumber}>
              <Link
                to={thread.href}
                className={`block space-y-1 rounded-lg border-2 bg-white p-4 hover:bg-brand-50 focus-visible:outline focus-visible:outline-[3px] focus-visible:outline-offset-2 focus-visible:outline-amber-700 ${thread.unread > 0 ? "border-brand-700" : "border-gray-200"}`}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-lg font-bold text-brand-900 underline underline-offset-4">Tilaus {thread.orderNumber}</span>
                  {thread.unread > 0 ? (
                    <span className="rounded-full bg-brand-700 px-3 py-0.5 text-base font-semibold text-white">{unreadLabel(thread.unread)}</span>
                  ) : null}
                </span>
                <span className="block text-gray-900">{thread.title}</span>
                <span className="block text-gray-800">{thread.with}</span>
                {thread.last ? (
                  <span className="block break-words text-gray-800">
                    <span className="sr-only">Viimeisin viesti: </span>
                    {thread.last.text} <span className="whitespace-nowrap text-gray-700">({thread.last.when})</span>
                  </span>
                ) : (
                  <span className="block text-gray-700">Ei viestejä vielä. Aloita keskustelu.</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
