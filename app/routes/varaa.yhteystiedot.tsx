import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { contactStepAction, contactStepLoader } from "~/booking/contact-step.server";
import { answeredPriceChange } from "~/booking/shown-price";
import { VARAA_FLOW } from "~/booking/flows";
import { ContactStepPage, type ContactActionData } from "~/components/booking/contact-step-page";
import { botCheckLinks } from "~/components/bot-check";
import { BOOKING_INTENT } from "~/schemas/booking-intents";
import { retryAfterHeaders } from "~/services/rate-limit.server";

// /varaa/yhteystiedot, step 3: contact details, payment method, discount code, terms and the bot
// check; submitting places the order (spec 000 §2, §4, §5).

export const links = () => botCheckLinks();

export function loader({ request }: LoaderFunctionArgs) {
  return contactStepLoader(request, VARAA_FLOW);
}

export function action({ request, context }: ActionFunctionArgs) {
  return contactStepAction(request, VARAA_FLOW, context.clientIp ?? null);
}

// A discount check changes nothing the loader reads; re-running it would only replace the bot
// check the visitor may already have solved. A changed price is read again (shown-price.ts).
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("intent") === BOOKING_INTENT.checkDiscount ? false : answeredPriceChange(actionResult) || defaultShouldRevalidate;

// A refusal for too many attempts says when to come back (Retry-After), on the HTML page too.
export const headers = retryAfterHeaders;

export const meta: MetaFunction = () => [{ title: "Yhteystiedot – Varaa kaveri – Arkikaveri" }];

export default function BookingContactStep() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ContactActionData | undefined;
  return <ContactStepPage view={view} actionData={actionData} />;
}
