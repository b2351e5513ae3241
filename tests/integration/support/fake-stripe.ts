import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { resetEnvCache } from "~/env.server";

// A small stand-in for the Stripe API, for the calls the app makes and nothing more: create,
// retrieve and expire a Checkout Session, create a refund, charge a saved card off-session. It listens on 127.0.0.1 (the tests have
// no internet), records every request as it arrived (form-encoded body, Idempotency-Key header),
// and answers like Stripe does, including Stripe's idempotency rule: the same key with the same
// body replays the first answer, the same key with another body is refused.

export const TEST_SECRET_KEY = "sk_test_arkikaveri_fake";
export const TEST_WEBHOOK_SECRET = "whsec_arkikaveri_test_secret";
export const TEST_APP_URL = "https://arkikaveri.test";

export interface RecordedRequest {
  method: string;
  path: string;
  /** The decoded form fields, flat as sent: `line_items[0][price_data][unit_amount]` → "8000". */
  form: Record<string, string>;
  query: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  payment_intent: string | null;
  client_reference_id: string | null;
  customer_email: string | null;
  /** Set when the session completes if it was created with customer_creation=always. */
  customer: string | null;
  metadata: Record<string, string>;
  amount_total: number | null;
  currency: string | null;
  expires_at: number;
  livemode: false;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  status: "succeeded" | "processing" | "requires_payment_method" | "canceled";
  amount: number;
  payment_method: { id: string; object: "payment_method"; type: string } | null;
}

export interface FakeStripe {
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  /** Changes the next created session before it is answered (e.g. `{ url: null }`). */
  nextSessionPatch: Partial<FakeSession> | null;
  /** Answers the next request with this Stripe error instead. */
  nextFailure: { status: number; type: string; message: string } | null;
  /** What the customer did on Stripe's page: the session completes with the given outcome. */
  completeSession(id: string, outcome: { paid: boolean; method: "card" | "mobilepay" | "klarna"; intentStatus?: FakePaymentIntent["status"] }): FakeSession;
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  /** Stops answering: later calls fail with ECONNREFUSED, as when Stripe is unreachable. */
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds: FakeStripe["refunds"] = [];
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const createsCustomer = new Set<string>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${(++counter).toString().padStart(6, "0")}`;

  const fake: FakeStripe = {
    port: 0,
    requests,
    sessions,
    paymentIntents,
    refunds,
    nextSessionPatch: null,
    nextFailure: null,
    completeSession(id, outcome) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const intent: FakePaymentIntent = {
        id: nextId("pi"),
        object: "payment_intent",
        status: outcome.intentStatus ?? (outcome.paid ? "succeeded" : "processing"),
        amount: session.amount_total ?? 0,
        payment_method: { id: nextId("pm"), object: "payment_method", type: outcome.method },
      };
      paymentIntents.set(intent.id, intent);
      Object.assign(session, { status: "complete", payment_status: outcome.paid ? "paid" : "unpaid", payment_intent: intent.id, url: null });
      if (createsCustomer.has(session.id)) session.customer = nextId("cus");
      return session;
    },
    requestsTo(method, pathPrefix) {
      return requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
    },
    close: () => Promise.resolve(),
  };

  function route(request: RecordedRequest): { status: number; answer: unknown } {
    const { method, path, form } = request;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session: FakeSession = {
        id: nextId("cs"),
        object: "checkout.session",
        url: "",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        customer: null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => key.startsWith("metadata["))
            .map(([key, value]) => [key.slice("metadata[".length, -1), value]),
        ),
        amount_total: Number(form["line_items[0][price_data][unit_amount]"]) * Number(form["line_items[0][quantity]"] ?? 1),
        currency: form.currency ?? null,
        expires_at: Number(form.expires_at),
        livemode: false,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      Object.assign(session, fake.nextSessionPatch ?? {});
      fake.nextSessionPatch = null;
      sessions.set(session.id, session);
      if (form.customer_creation === "always") createsCustomer.add(session.id);
      return { status: 200, answer: session };
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (method === "POST" && expire) {
      const session = sessions.get(expire[1]);
      if (!session) return notFound(expire[1]);
      if (session.status !== "open") {
        return stripeError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      }
      Object.assign(session, { status: "expired", url: null });
      return { status: 200, answer: session };
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]);
      if (!session) return notFound(retrieve[1]);
      const expandIntent = Object.values(request.query).some((value) => value.startsWith("payment_intent"));
      const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
      return { status: 200, answer: expandIntent && intent ? { ...session, payment_intent: intent } : session };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      // An off-session charge of a saved card: a payment method whose id starts 'pm_decline' is
      // declined the way Stripe declines a card (402, card_error), any other succeeds.
      const intent: FakePaymentIntent = {
        id: nextId("pi"),
        object: "payment_intent",
        status: "succeeded",
        amount: Number(form.amount),
        payment_method: { id: form.payment_method ?? "", object: "payment_method", type: "card" },
      };
      if ((form.payment_method ?? "").startsWith("pm_decline")) {
        return { status: 402, answer: { error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds.", payment_intent: { ...intent, status: "requires_payment_method" } } } };
      }
      paymentIntents.set(intent.id, intent);
      return { status: 200, answer: { ...intent, payment_method: intent.payment_method?.id ?? null } };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = paymentIntents.get(form.payment_intent ?? "");
      if (!intent) return stripeError(400, "invalid_request_error", "No such payment_intent");
      const refunded = refunds.filter((r) => r.payment_intent === intent.id).reduce((sum, r) => sum + r.amount, 0);
      const amount = Number(form.amount ?? intent.amount);
      if (refunded + amount > intent.amount) {
        return stripeError(400, "invalid_request_error", "Charge has already been refunded.", "charge_already_refunded");
      }
      const refund = { id: nextId("re"), object: "refund", payment_intent: intent.id, amount, status: "succeeded" };
      refunds.push(refund);
      return { status: 200, answer: refund };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        form: Object.fromEntries(new URLSearchParams(body)),
        query: Object.fromEntries(url.searchParams),
        idempotencyKey: req.headers["idempotency-key"]?.toString() ?? null,
        authorization: req.headers.authorization ?? null,
      };
      requests.push(recorded);

      let result: { status: number; answer: unknown };
      const key = recorded.method === "POST" ? recorded.idempotencyKey : null;
      const earlier = key ? idempotent.get(`${recorded.path} ${key}`) : undefined;
      if (fake.nextFailure) {
        const failure = fake.nextFailure;
        fake.nextFailure = null;
        result = stripeError(failure.status, failure.type, failure.message);
      } else if (earlier && earlier.body !== body) {
        result = stripeError(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
      } else if (earlier) {
        result = { status: earlier.status, answer: earlier.answer };
      } else {
        result = route(recorded);
        if (key) idempotent.set(`${recorded.path} ${key}`, { body, ...result });
      }
      res.writeHead(result.status, { "Content-Type": "application/json", "Request-Id": `req_${counter}` });
      res.end(JSON.stringify(result.answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.port = (server.address() as AddressInfo).port;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function notFound(id: string) {
  return stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, "resource_missing");
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, answer: { error: { type, message, ...(code ? { code } : {}) } } };
}

/** Points the app's Stripe provider at the fake (or at a closed port) and returns how to undo it. */
export function useFakeStripe(port: number): () => void {
  const names = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL", "APP_URL"] as const;
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: "http",
    APP_URL: TEST_APP_URL,
  });
  resetEnvCache();
  return () => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    resetEnvCache();
  };
}

/** A webhook delivery as Stripe sends it: the JSON event and its signature header. */
export function signedStripeEvent(
  type: string,
  session: object,
  options: { id?: string; secret?: string; timestamp?: number } = {},
): { payload: string; signature: string; id: string } {
  const id = options.id ?? `evt_test_${Math.random().toString(36).slice(2, 14)}`;
  const payload = JSON.stringify({
    id,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: session },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature, id };
}

/** The POST Stripe makes to our webhook endpoint. */
export function webhookRequest(payload: string, signature: string | null): Request {
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return new Request("http://localhost:3000/api/stripe/webhook", { method: "POST", headers, body: payload });
}
