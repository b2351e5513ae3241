import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import CreditCard from "lucide-react/dist/esm/icons/credit-card.js";
import Smartphone from "lucide-react/dist/esm/icons/smartphone.js";
import Wallet from "lucide-react/dist/esm/icons/wallet.js";
import { Alert } from "~/components/alert";
import { SubmitButton } from "~/components/button";
import { CheckboxField, ErrorSummary, RadioCards } from "~/components/forms";
import { PageLayout } from "~/components/layout";
import { formatEuros } from "~/domain/format";
import { localCheckoutMessages } from "~/messages/local-checkout";
import { localPaymentSchemaFor, ONLINE_PAYMENT_METHOD_LABELS } from "~/schemas/local-checkout";
import {
  cancelLocalCheckout,
  localCheckoutState,
  payLocalCheckout,
  paymentCancelledPath,
  paymentSucceededPath,
} from "~/services/payments/local-checkout.server";

// The embedded provider's checkout page (DESIGN.md decision 11): used when no Stripe key is set,
// it shows the order and amount, lets the customer pick a method and pay or cancel, and drives
// the same payment-event handling a real provider's webhook does. No real money moves.

async function requireOpenCheckout(ref: string) {
  const state = await localCheckoutState(ref);
  if (state.kind === "unavailable") throw new Response("Sivua ei löytynyt", { status: 404 });
  // A reloaded or re-posted page after the outcome goes where the outcome sent the customer.
  if (state.kind === "paid") throw redirect(paymentSucceededPath(state.orderNumber));
  if (state.kind === "cancelled") throw redirect(paymentCancelledPath(state.orderNumber));
  return state;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const state = await requireOpenCheckout(params.ref ?? "");
  return { orderNumber: state.orderNumber, amountCents: state.amountCents, savesCard: state.savesCard };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ref = params.ref ?? "";
  const state = await requireOpenCheckout(ref);
  const formData = await request.formData();

  if (formData.get("intent") === "cancel") {
    await cancelLocalCheckout(ref);
    return redirect(paymentCancelledPath(state.orderNumber));
  }

  const submission = parseWithZod(formData, { schema: localPaymentSchemaFor(state.savesCard) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  await payLocalCheckout(ref, submission.value.method, { decliningCard: state.savesCard && submission.value.decliningCard === "on" });
  return redirect(paymentSucceededPath(state.orderNumber));
}

export const meta: MetaFunction = () => [
  { title: "Testimaksu – Arkikaveri" },
  { name: "robots", content: "noindex" },
];

const METHOD_OPTIONS = [
  { value: "card", label: ONLINE_PAYMENT_METHOD_LABELS.card, description: "Visa, Mastercard", icon: <CreditCard className="h-7 w-7" /> },
  { value: "mobilepay", label: ONLINE_PAYMENT_METHOD_LABELS.mobilepay, description: "Maksa puhelimella", icon: <Smartphone className="h-7 w-7" /> },
  { value: "klarna", label: ONLINE_PAYMENT_METHOD_LABELS.klarna, description: "Maksa nyt tai myöhemmin", icon: <Wallet className="h-7 w-7" /> },
];

export default function LocalCheckoutPage() {
  const { orderNumber, amountCents, savesCard } = useLoaderData<typeof loader>();
  const schema = localPaymentSchemaFor(savesCard);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "local-payment",
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: { method: "card" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  return (
    <PageLayout narrow>
      <div className="space-y-6">
        <h1 className="text-4xl font-bold text-brand-900">Maksa varaus</h1>

        <Alert type="warning" title="Tämä on testimaksusivu" announce={false}>
          <p>
            Oikeaa rahaa ei veloiteta. Palvelussa ei ole vielä käytössä oikeaa maksunvälittäjää, joten tällä sivulla voit kokeilla
            maksamista ja peruuttamista. Maksu vahvistaa varauksen samalla tavalla kuin oikea maksu.
          </p>
        </Alert>

        <dl className="grid gap-x-6 gap-y-2 rounded-lg border-2 border-gray-200 bg-white p-5 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold text-gray-700">Tilausnumero</dt>
          <dd className="text-gray-900">{orderNumber}</dd>
          <dt className="font-semibold text-gray-700">Maksettava</dt>
          <dd className="text-2xl font-bold text-gray-900">{formatEuros(amountCents)}</dd>
        </dl>

        <Form method="post" {...getFormProps(form)} className="space-y-6">
          <ErrorSummary form={form} />
          {savesCard ? <p className="text-gray-700">{localCheckoutMessages.cardOnly}</p> : null}
          <RadioCards
            meta={fields.method}
            legend="Valitse maksutapa"
            options={savesCard ? METHOD_OPTIONS.filter((option) => option.value === "card") : METHOD_OPTIONS}
            columns={savesCard ? 1 : 3}
          />
          {savesCard ? (
            <CheckboxField meta={fields.decliningCard} label={localCheckoutMessages.decliningCard} hint={localCheckoutMessages.decliningCardHint} />
          ) : null}
          <SubmitButton name="intent" value="pay" busyLabel="Maksetaan...">
            Maksa
          </SubmitButton>
        </Form>

        <Form method="post">
          <p className="mb-2 text-gray-700">Et halua maksaa nyt? Peruuttaminen peruu myös varauksen.</p>
          <SubmitButton name="intent" value="cancel" variant="secondary" busyLabel="Peruutetaan...">
            Peruuta
          </SubmitButton>
        </Form>
      </div>
    </PageLayout>
  );
}
