import { CompiledQuery, sql } from "kysely";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "../db.server";
import { env } from "../env.server";

// Brute-force limits that hold across processes: rate-limiter-flexible's PostgreSQL store over
// the rate_limits table (migration 0002). The store speaks node-postgres' `query({ text, values })`;
// we hand it a tiny adapter that runs the same SQL through the app's Kysely instance, so it works
// unchanged on PGlite (where no pg pool of ours is exposed) and on PostgreSQL, and always uses the
// database the app currently has (tests install a fresh one per file).
// See docs/decisions/0004-accounts-sessions-and-rate-limits.md.

interface PgLikeResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

const kyselyPgAdapter = {
  async query(query: { text: string; values?: unknown[] }): Promise<PgLikeResult> {
    const db = await getDb();
    const result = await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(query.text, query.values ?? []));
    const rowCount = result.numAffectedRows !== undefined ? Number(result.numAffectedRows) : result.rows.length;
    return { rows: [...result.rows], rowCount };
  },
};

function limiter(keyPrefix: string, points: number, durationSeconds: number) {
  return new RateLimiterPostgres({
    storeClient: kyselyPgAdapter,
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true,
    keyPrefix,
    points,
    duration: durationSeconds,
  });
}

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

// Sign-in counts per account *from one client* and per client, never per account alone: a limit
// on the account itself would let anyone lock its owner (an administrator included) out by typing
// wrong passwords on purpose. Guessing one account from many addresses is slowed by the password
// hash and each address's own limit.
export const SIGN_IN_LIMITS = { perAccountAndIp: 5, perIp: 20, windowSeconds: FIFTEEN_MINUTES } as const;
export const MAIL_LIMITS = { perEmail: 3, perIp: 30, windowSeconds: ONE_HOUR } as const;
/**
 * Orders placed without signing in (issue 12, finding 7): one client once booked a helper's whole
 * day in a second. Per hour, GUEST_BOOKINGS_PER_IP (10) from one client address and
 * GUEST_BOOKINGS_PER_EMAIL (5) for one e-mail address: a family booking a week of visits stays
 * inside them; a signed-in customer, whose address is confirmed, is not counted.
 */
export const GUEST_BOOKING_WINDOW_SECONDS = ONE_HOUR;
/** Sign-ups at /auth (issue 31): SIGN_UPS_PER_IP from one client, SIGN_UPS_PER_EMAIL for one address, per hour. */
export const SIGN_UP_WINDOW_SECONDS = ONE_HOUR;
/** The landing page's contact form: each message becomes an e-mail to the company. */
export const CONTACT_LIMITS = { windowSeconds: ONE_HOUR } as const;
/**
 * "Hallitse varausta" links (issue 28; docs/decisions/0030): addresses that open no order, per
 * client. Only a miss is counted, so the owner's own opening (and a mail scanner's) writes
 * nothing; past the limit the client is refused every link for the rest of the window.
 */
export const MANAGE_LINK_LIMITS = { missesPerIp: 20, windowSeconds: FIFTEEN_MINUTES } as const;
/**
 * Messages to the helper from a "Hallitse varausta" page (docs/decisions/0036): whoever holds the
 * link writes without an account, so per order and per client address an hour. A family's
 * questions about one visit stay well inside them.
 */
export const MANAGE_MESSAGE_LIMITS = { perOrder: 10, perIp: 30, windowSeconds: ONE_HOUR } as const;

let limiters:
  | {
      signInAccountIp: RateLimiterPostgres;
      signInIp: RateLimiterPostgres;
      mailEmail: RateLimiterPostgres;
      mailIp: RateLimiterPostgres;
      contactIp: RateLimiterPostgres;
      bookingIp: RateLimiterPostgres;
      bookingEmail: RateLimiterPostgres;
      signUpIp: RateLimiterPostgres;
      signUpEmail: RateLimiterPostgres;
      manageMissIp: RateLimiterPostgres;
      manageMessageOrder: RateLimiterPostgres;
      manageMessageIp: RateLimiterPostgres;
    }
  | undefined;

function getLimiters() {
  limiters ??= {
    signInAccountIp: limiter("signin_account_ip", SIGN_IN_LIMITS.perAccountAndIp, SIGN_IN_LIMITS.windowSeconds),
    signInIp: limiter("signin_ip", SIGN_IN_LIMITS.perIp, SIGN_IN_LIMITS.windowSeconds),
    mailEmail: limiter("mail_email", MAIL_LIMITS.perEmail, MAIL_LIMITS.windowSeconds),
    mailIp: limiter("mail_ip", MAIL_LIMITS.perIp, MAIL_LIMITS.windowSeconds),
    contactIp: limiter("contact_ip", env().CONTACT_MESSAGES_PER_IP, CONTACT_LIMITS.windowSeconds),
    bookingIp: limiter("booking_ip", env().GUEST_BOOKINGS_PER_IP, GUEST_BOOKING_WINDOW_SECONDS),
    bookingEmail: limiter("booking_email", env().GUEST_BOOKINGS_PER_EMAIL, GUEST_BOOKING_WINDOW_SECONDS),
    signUpIp: limiter("signup_ip", env().SIGN_UPS_PER_IP, SIGN_UP_WINDOW_SECONDS),
    signUpEmail: limiter("signup_email", env().SIGN_UPS_PER_EMAIL, SIGN_UP_WINDOW_SECONDS),
    manageMissIp: limiter("manage_miss_ip", MANAGE_LINK_LIMITS.missesPerIp, MANAGE_LINK_LIMITS.windowSeconds),
    manageMessageOrder: limiter("manage_message_order", MANAGE_MESSAGE_LIMITS.perOrder, MANAGE_MESSAGE_LIMITS.windowSeconds),
    manageMessageIp: limiter("manage_message_ip", MANAGE_MESSAGE_LIMITS.perIp, MANAGE_MESSAGE_LIMITS.windowSeconds),
  };
  return limiters;
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against every key and says whether it may go ahead. Counting before the
 * work (rather than after a failure) means a burst of parallel guesses cannot slip through
 * while the first ones are still being checked.
 */
async function consumeAll(entries: { limiter: RateLimiterPostgres; key: string }[]): Promise<LimitResult> {
  let retryAfterMs = 0;
  for (const { limiter, key } of entries) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      retryAfterMs = Math.max(retryAfterMs, error.msBeforeNext);
    }
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : { allowed: true };
}

const emailKey = (email: string) => email.trim().toLowerCase();
const ipKey = (ip: string | null | undefined) => ip || "unknown";
const accountIpKey = (email: string, ip: string | null | undefined) => `${emailKey(email)}|${ipKey(ip)}`;

/** Counts a sign-in attempt for this account from this client, and for this client. */
export function consumeSignInAttempt(email: string, ip: string | null | undefined): Promise<LimitResult> {
  const l = getLimiters();
  return consumeAll([
    { limiter: l.signInAccountIp, key: accountIpKey(email, ip) },
    { limiter: l.signInIp, key: ipKey(ip) },
  ]);
}

/** A successful sign-in does not count against the limits: the owner is not an attacker. */
export async function forgiveSignInAttempt(email: string, ip: string | null | undefined): Promise<void> {
  const l = getLimiters();
  await l.signInAccountIp.delete(accountIpKey(email, ip));
  await l.signInIp.reward(ipKey(ip), 1);
}

/** Limits e-mails sent on request (confirmation resend, password reset) so nobody is mail-bombed. */
export function consumeMailRequest(email: string, ip: string | null | undefined): Promise<LimitResult> {
  const l = getLimiters();
  return consumeAll([
    { limiter: l.mailEmail, key: emailKey(email) },
    { limiter: l.mailIp, key: ipKey(ip) },
  ]);
}

/**
 * Counts a contact-form message from this client address, so that nobody floods the company's
 * inbox through the form (the honeypot stops only the simplest robots).
 */
export function consumeContactMessage(ip: string | null | undefined): Promise<LimitResult> {
  return consumeAll([{ limiter: getLimiters().contactIp, key: ipKey(ip) }]);
}

/** Counts a guest's order from this client and for this e-mail address. */
export function consumeGuestBooking(email: string, ip: string | null | undefined): Promise<LimitResult> {
  const l = getLimiters();
  return consumeAll([
    { limiter: l.bookingIp, key: ipKey(ip) },
    { limiter: l.bookingEmail, key: emailKey(email) },
  ]);
}

/**
 * Counts a sign-up from this client and for this address, whether or not the address has an
 * account: the count, like the answer, must not tell the two apart.
 */
export function consumeSignUp(email: string, ip: string | null | undefined): Promise<LimitResult> {
  const l = getLimiters();
  return consumeAll([
    { limiter: l.signUpIp, key: ipKey(ip) },
    { limiter: l.signUpEmail, key: emailKey(email) },
  ]);
}

/** Whether this client has used up its misses of manage links: a read, so it writes nothing. */
export async function manageLinkLimitReached(ip: string | null | undefined): Promise<LimitResult> {
  const result = await getLimiters().manageMissIp.get(ipKey(ip));
  if (!result || result.consumedPoints < MANAGE_LINK_LIMITS.missesPerIp) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
}

/** Counts a manage-link address that opened no order. */
export function countManageLinkMiss(ip: string | null | undefined): Promise<LimitResult> {
  return consumeAll([{ limiter: getLimiters().manageMissIp, key: ipKey(ip) }]);
}

/** Counts a message written from a manage link, for its order and from this client. */
export function consumeManageMessage(orderId: string, ip: string | null | undefined): Promise<LimitResult> {
  const l = getLimiters();
  return consumeAll([
    { limiter: l.manageMessageOrder, key: orderId },
    { limiter: l.manageMessageIp, key: ipKey(ip) },
  ]);
}

/** How many guest orders this client has tried in the current window (the bot check grows with it). */
export async function recentGuestBookings(ip: string | null | undefined): Promise<number> {
  const result = await getLimiters().bookingIp.get(ipKey(ip));
  return result?.consumedPoints ?? 0;
}

/**
 * Removes counters whose window has ended (`expire` is epoch milliseconds). The store only
 * overwrites a key when it comes back, so one-off addresses would otherwise stay for ever.
 */
export async function deleteExpiredRateLimits(): Promise<number> {
  const db = await getDb();
  const result = await db
    .deleteFrom("rate_limits")
    .where("expire", "is not", null)
    .where("expire", "<", sql<number>`(extract(epoch from now()) * 1000)::bigint`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function retryAfterMinutes(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/**
 * A route's `headers` export: an HTML page gets only the headers this function returns (and the
 * cookies), not those its action answered with, so without it every 429 page lost its Retry-After.
 */
export function retryAfterHeaders({ actionHeaders, parentHeaders }: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
