import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Alert } from "~/components/alert";
import { Facts } from "~/components/backoffice/ui";
import { ButtonLink, SubmitButton } from "~/components/button";
import { MessageForm, MessageList } from "~/components/message-thread";
import { ContactText } from "~/components/contact-text";
import { PageLayout } from "~/components/layout";
import { Section, inlineLink } from "~/components/order-section";
import { OrderStatusBadge } from "~/components/order-status-badge";
import { manageAction, manageLoader, manageRouteHeaders } from "~/manage/manage-page.server";
import { managePageMeta } from "~/manage/meta";
import { customerOrderTexts } from "~/messages/customer-orders";
import { manageLinkTexts as texts } from "~/messages/manage-links";
import { CaregiverPortrait } from "~/components/caregiver-portrait";

// /hallitse/:token, "Hallitse varausta" (issue 28 item 3; docs/decisions/0030): a visit opened
// from the e-mail without signing in. GET only shows; the forms post here and act ("Muuta aikaa"
// is the portal's steps under ./muuta-aika, docs/decisions/0036).

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return manageLoader(request, params.token, context?.clientIp);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return manageAction(request, params.token, context?.clientIp);
}

/** The page and its error answers alike: no referrer, no index. */
export const headers = manageRouteHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => managePageMeta(data ? texts.pageTitle(data.orderNumber) : texts.notFound);


export default function ManageBookingPage() {
  const order = useLoaderData<typeof loader>();
  const actionData = useActionData<{ result: SubmissionResult<string[]> }>();
  return (
    <PageLayout narrow>
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{texts.heading(order.orderNumber)}</h1>
          <p className="flex flex-wrap items-center gap-3 text-lg">
            <OrderStatusBadge status={order.status} audience="customer" accepted={order.accepted} />
            <span>{order.serviceName}</span>
          </p>
          <p>{texts.intro}</p>
        </div>

        {order.portalHref ? (
          <Alert type="info" announce={false}>
            <p>{texts.portalNote}</p>
            <p>
              <Link to={order.portalHref} className={inlineLink}>
                {texts.portalLink}
              </Link>
            </p>
          </Alert>
        ) : null}

        {order.calendarHref || order.invoice || order.receiptHref || order.creditNoteDownload ? (
          <nav aria-label="Lataukset" className="flex flex-wrap gap-x-6 gap-y-2">
            {order.calendarHref ? (
              <a href={order.calendarHref} className={inlineLink} download>
                {texts.calendar}
              </a>
            ) : null}
            {order.invoice ? (
              <a href={order.invoice.href} className={inlineLink} download>
                {texts.invoice(order.invoice.number)}
              </a>
            ) : null}
            {order.receiptHref ? (
              <a href={order.receiptHref} className={inlineLink} download>
                {texts.receipt}
              </a>
            ) : null}
            {order.creditNoteDownload ? (
              <a href={order.creditNoteDownload.href} className={inlineLink} download>
                {texts.creditNote(order.creditNoteDownload.number)}
              </a>
            ) : null}
          </nav>
        ) : null}

        <Section id="kaynti" title="Käynti">
          <Facts items={order.visit} />
        </Section>

        <Section id="kaveri" title="Kaveri">
          {order.caregiver ? (
            <CaregiverPortrait name={order.caregiver.firstName} photoUrl={order.caregiver.photoUrl} />
          ) : (
            <p>{texts.noCaregiverYet}</p>
          )}
        </Section>

        <Section id="hinta" title="Hinta ja maksu">
          <Facts items={order.amounts} />
          <p className="flex flex-wrap justify-between gap-x-4 border-t-2 border-gray-200 pt-3 text-xl font-bold">
            <span>Yhteensä (sis. ALV)</span>
            <span>{order.total}</span>
          </p>
          <p>{order.deduction}</p>
          <Facts
            items={[
              { label: "Maksutapa", value: order.paymentMethod },
              { label: "Maksun tila", value: order.paymentState },
              ...(order.cancellationFee ? [{ label: "Peruutus", value: order.cancellationFee }] : []),
              ...(order.creditNote ? [{ label: "Hyvitys", value: order.creditNote }] : []),
            ]}
          />
        </Section>

        {order.reviewHref ? (
          <p>
            <ButtonLink to={order.reviewHref}>{texts.reviewLink}</ButtonLink>
          </p>
        ) : null}

        {order.rescheduleHref || order.rescheduleHint ? (
          <Section id="muuta-aikaa" title={texts.rescheduleHeading}>
            {order.rescheduleHint ? <p>{order.rescheduleHint}</p> : null}
            {order.rescheduleHref ? <ButtonLink to={order.rescheduleHref}>{texts.rescheduleButton}</ButtonLink> : null}
          </Section>
        ) : null}

        {order.thread ? (
          <Section id="viestit" title={texts.messagesHeading}>
            <MessageList messages={order.thread.messages} />
            <MessageForm
              lastResult={actionData?.result}
              constraint={order.thread.constraint}
              writable={order.thread.writable}
              note={order.thread.note}
              formKey={order.thread.messages.length}
              label={texts.messageLabel}
              hidden={{ intent: "message" }}
            />
          </Section>
        ) : null}

        {order.textReminders ? (
          <Section id="tekstiviestit" title={texts.textRemindersHeading}>
            {order.textReminders.on ? (
              <Form method="post" className="space-y-4">
                <p>{texts.textRemindersOn(order.textReminders.phone)}</p>
                <SubmitButton variant="secondary" name="intent" value="stop-text-reminders" busyLabel={texts.textRemindersBusy}>
                  {texts.textRemindersStop}
                </SubmitButton>
              </Form>
            ) : (
              <p>{texts.textRemindersOff(order.textReminders.phone)}</p>
            )}
          </Section>
        ) : null}

        <Section id="peru" title={texts.cancelHeading}>
          {order.cancel ? (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="orderId" value={order.orderId} />
              <input type="hidden" name="feeCents" value={order.cancel.feeCents} />
              <p>{order.cancel.rule}</p>
              <p className="font-semibold">{order.cancel.money}</p>
              <p>{order.cancel.notice}</p>
              <SubmitButton variant="danger" name="intent" value="cancel" busyLabel={texts.cancelBusy}>
                {texts.cancelButton}
              </SubmitButton>
            </Form>
          ) : (
            <p>{order.cancelled ? texts.cancelledTitle + "." : <ContactText text={customerOrderTexts.callToCancel(order.contact)} contact={order.contact} />}</p>
          )}
        </Section>

        <Section id="uusi-linkki" title={texts.newLinkHeading}>
          <Form method="post" className="space-y-4">
            <p>{texts.newLinkText}</p>
            <SubmitButton name="intent" value="new-link" busyLabel={texts.newLinkBusy}>
              {texts.newLinkButton}
            </SubmitButton>
          </Form>
        </Section>
      </div>
    </PageLayout>
  );
}
