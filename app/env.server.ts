import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional(),
  ),
  /**
   * Connections each process keeps to PostgreSQL (plus one for change notices and /healthz):
   * processes × (DB_POOL_SIZE + 1) must stay under the server's max_connections (README, Scaling).
   */
  DB_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  /** How long a request waits for a free connection before it is answered 503 (milliseconds). */
  DB_CONNECT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(100).max(120_000).default(5000)),
  /** PostgreSQL's statement_timeout for the app's connections (milliseconds; 0 turns it off). */
  DB_STATEMENT_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(3_600_000).default(15_000)),
  /** Public base URL used in e-mail links, e.g. https://arkikaveri.fi */
  APP_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\//).optional()),
  MAIL_FROM: z.string().default("Arkikaveri <noreply@arkikaveri.fi>"),
  /** "inline" runs the job worker inside the web process; "off" leaves it to `npm run worker`. */
  WORKER: z.enum(["inline", "off"]).default("inline"),
  /** How often an idle job worker looks for due jobs, in milliseconds. */
  WORKER_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /**
   * How many proxies in front of the app set X-Forwarded-For (1 behind one load balancer). Unset:
   * none, so the client's own address is used and a client cannot pick its address for the
   * rate limits by sending the header.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10).default(0)),
  /**
   * Orders placed without signing in, per hour, from one client address and for one e-mail
   * address (app/services/rate-limit.server.ts). Test runs, which book from one address all the
   * time, raise them.
   */
  GUEST_BOOKINGS_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  GUEST_BOOKINGS_PER_EMAIL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
  /**
   * Sign-ups at /auth per hour, from one client address and for one e-mail address (each sends an
   * e-mail to the address typed; issue 31). Test runs, which sign up from one address, raise them.
   */
  SIGN_UPS_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  SIGN_UPS_PER_EMAIL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(3)),
  /**
   * Messages from the landing page's contact form and the helper step's contact requests per hour
   * from one client address. Test runs, which send them from one address, raise it.
   */
  CONTACT_MESSAGES_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(5)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Signs bot-check challenges (ALTCHA and the no-JS question). Required in production so that
   * every web process accepts the others' challenges (checked below, at start-up); a random
   * per-process key otherwise (app/services/bot-check.server.ts).
   */
  ALTCHA_HMAC_KEY: z.preprocess(emptyToUndefined, z.string().min(16).optional()),
  /**
   * Turns on the Stripe payment provider (app/services/payments/stripe-provider.server.ts); without
   * it online orders use the embedded test checkout. A secret (sk_…) or restricted (rk_…) key.
   */
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)").optional(),
  ),
  /** Signing secret of the webhook endpoint (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** Where the Stripe SDK sends API calls: only for tests that point it at a local stand-in. */
  STRIPE_API_HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  STRIPE_API_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess(emptyToUndefined, z.enum(["http", "https"]).optional()),
  /**
   * Uploads (helper photos, data exports) go to this bucket of an S3-compatible object store when
   * set, to the database otherwise (app/services/storage.server.ts).
   */
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** The store's address when it is not AWS's own, e.g. https://s3.fr-par.scw.cloud or http://minio:9000. */
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.string().regex(/^https?:\/\/[^/]/, "S3_ENDPOINT must be an http:// or https:// address").optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default("us-east-1")),
  /** Both or neither; without them the AWS SDK's own chain (AWS_* variables, the machine's role). */
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  /** "true" for stores that want https://host/bucket/key rather than https://bucket.host/key (MinIO and most others). */
  /**
   * Text messages through Twilio's Messages API (app/services/sms/twilio-provider.server.ts), all
   * three or none; without them texts are kept in the database for /dev/tekstiviestit (not in
   * production, where the booking then offers no text reminder). TWILIO_FROM is an alphanumeric
   * sender ("Arkikaveri"), a number (+358…) or a Messaging Service SID (MG…).
   */
  TWILIO_ACCOUNT_SID: z.preprocess(emptyToUndefined, z.string().regex(/^AC[0-9a-zA-Z]{8,}$/, "TWILIO_ACCOUNT_SID must be a Twilio account SID (AC…)").optional()),
  TWILIO_AUTH_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  TWILIO_FROM: z.preprocess(emptyToUndefined, z.string().min(1).max(34).optional()),
  /** Where Twilio API calls go: only for tests that point them at a local stand-in. */
  TWILIO_API_URL: z.preprocess(emptyToUndefined, z.string().regex(/^https?:\/\/[^/]/, "TWILIO_API_URL must be an http:// or https:// address").default("https://api.twilio.com")),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(["true", "false", "1", "0"]).optional().transform((value) => value === "true" || value === "1")),
}).superRefine((values, context) => {
  // A key without the webhook secret would take money but never hear that it arrived.
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    context.addIssue({
      code: "custom",
      path: ["STRIPE_WEBHOOK_SECRET"],
      message: "required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_…)",
    });
  }
  const twilio = [values.TWILIO_ACCOUNT_SID, values.TWILIO_AUTH_TOKEN, values.TWILIO_FROM];
  if (twilio.some(Boolean) && !twilio.every(Boolean)) {
    context.addIssue({
      code: "custom",
      path: [!values.TWILIO_ACCOUNT_SID ? "TWILIO_ACCOUNT_SID" : !values.TWILIO_AUTH_TOKEN ? "TWILIO_AUTH_TOKEN" : "TWILIO_FROM"],
      message: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together (or leave all three unset for the dev outbox)",
    });
  }
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({
      code: "custom",
      path: [values.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the AWS SDK's own credentials)",
    });
  }
});

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; APP_URL: string };

let cached: Env | undefined;

/** Validates process.env once; a bad value stops start-up with a message naming the variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  const values = parsed.data;
  if (values.NODE_ENV === "production") {
    // Development falls back to a fixed session secret and a random bot-check key; production
    // must not start on either (forgeable cookies, challenges one process would refuse from another).
    const missing = (["SESSION_SECRET", "ALTCHA_HMAC_KEY"] as const).filter((name) => !values[name]);
    if (missing.length > 0) {
      const lines = missing.map((name) => `  ${name}: required in production (at least 16 characters)`);
      throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
    }
  }
  const dataDir = path.resolve(values.DATA_DIR);
  cached = {
    ...values,
    DATA_DIR: dataDir,
    SESSION_SECRET: values.SESSION_SECRET ?? (values.NODE_ENV === "test" ? TEST_SESSION_SECRET : localSessionSecret(dataDir)),
    APP_URL: values.APP_URL ?? `http://localhost:${values.PORT}`,
  };
  return cached;
}

/** Tests sign their cookies with a fixed key; nothing else does. */
const TEST_SESSION_SECRET = "arkikaveri-test-secret-do-not-use";

/**
 * Without SESSION_SECRET outside production (`npm start` on a laptop or a forgotten variable on a
 * server), a random secret made on first start and kept in DATA_DIR: cookies survive restarts,
 * and nobody can forge them from a value printed in the README.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not made yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined;
}

/** The dev outbox of texts (/dev/tekstiviestit): no SMS provider configured, and never in production. */
export function isTextOutboxEnabled() {
  const e = env();
  return !e.TWILIO_ACCOUNT_SID && e.NODE_ENV !== "production";
}

export function isMailboxEnabled() {
  const e = env();
  return !e.SMTP_URL && e.NODE_ENV !== "production";
}
