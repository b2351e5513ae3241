import { sql } from "kysely";
import { availableAlways, offerEveryService } from "./booking-fixtures";
import { getDb } from "~/db.server";
import type { StaffRole, UserType } from "~/db/schema";
import type { AuthUser } from "~/models/users.server";
import { createUserSession } from "~/services/auth.server";
import { hashPassword } from "~/services/password.server";
import { runDueJobs } from "~/services/worker.server";

// Helpers for tests that drive sign-in, sessions and guards through real Requests.

export const BASE_URL = "http://localhost:3000";
export const TEST_PASSWORD = "Salasana123";
export const CLIENT_IP = "203.0.113.10";

/** What route functions get as `context` in these tests (as server.ts would pass). */
export function contextFor(ip: string = CLIENT_IP) {
  return { cspNonce: "test-nonce", clientIp: ip };
}

let cachedHash: Promise<string> | undefined;
function testPasswordHash() {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
}

export interface TestUserOptions {
  email: string;
  fullName?: string;
  userType?: UserType;
  role?: StaffRole;
  confirmed?: boolean;
  password?: string | null;
}

/** Inserts an account directly (not through sign-up), with its customers or caregivers row. */
export async function createTestUser(options: TestUserOptions): Promise<AuthUser> {
  const db = await getDb();
  const userType = options.userType ?? "customer";
  const passwordHash =
    options.password === null
      ? null
      : options.password === undefined
        ? await testPasswordHash()
        : await hashPassword(options.password);
  const profile = await db
    .insertInto("profiles")
    .values({
      email: options.email,
      full_name: options.fullName ?? "Testi Käyttäjä",
      user_type: userType,
      password_hash: passwordHash,
      email_confirmed_at: options.confirmed === false ? null : sql`now()`,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (options.role) await db.insertInto("user_roles").values({ user_id: profile.id, role: options.role }).execute();
  if (userType === "caregiver") {
    const caregiver = await db.insertInto("caregivers").values({ profile_id: profile.id, city: "Helsinki", status: "approved" }).returning("id").executeTakeFirstOrThrow();
    await offerEveryService(db, caregiver.id);
    await availableAlways(db, caregiver.id);
  } else if (!options.role) {
    // Staff have no customers row (as in the demo seed); customers get one at sign-up.
    await db.insertInto("customers").values({ profile_id: profile.id }).execute();
  }
  return {
    id: profile.id,
    email: options.email,
    fullName: options.fullName ?? "Testi Käyttäjä",
    userType,
    role: options.role ?? null,
    caregiverStatus: userType === "caregiver" ? "approved" : null,
  };
}

/** A Cookie header carrying the cookies a response set (only their name=value parts). */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const [name, ...rest] = part.split("=");
    jar.set(name, rest.join("="));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    if (/expires=Thu, 01 Jan 1970/i.test(header) || /max-age=0/i.test(header) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** A Cookie header for a fresh session of `user`, as after a sign-in. */
export async function sessionCookieFor(user: AuthUser): Promise<string> {
  const setCookie = await createUserSession(new Request(BASE_URL), user, { ip: CLIENT_IP, userAgent: "vitest" });
  return setCookie.split(";")[0];
}

export function getRequest(path: string, cookie?: string): Request {
  return new Request(new URL(path, BASE_URL), { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(path: string, fields: Record<string, string>, cookie?: string): Request {
  const body = new URLSearchParams(fields);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded" };
  if (cookie) headers.Cookie = cookie;
  return new Request(new URL(path, BASE_URL), { method: "POST", body, headers });
}

export interface RouteAnswer {
  status: number;
  headers: Headers;
  location: string | null;
  data: any;
  response: Response | null;
}

/**
 * Runs a loader or action and normalises what it answered: a returned or thrown Response, a
 * `data(value, init)` result, or a plain object (status 200).
 */
export async function answerOf(run: () => Promise<unknown> | unknown): Promise<RouteAnswer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    if (thrown instanceof Response) value = thrown;
    else throw thrown;
  }
  if (value instanceof Response) {
    return { status: value.status, headers: value.headers, location: value.headers.get("Location"), data: null, response: value };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, headers, location: headers.get("Location"), data, response: null };
  }
  return { status: 200, headers: new Headers(), location: null, data: value, response: null };
}

/** The most recent e-mail to `to` from the outbox, with the links of its text version. */
export async function lastEmailTo(to: string) {
  const db = await getDb();
  const email = await db
    .selectFrom("emails")
    .selectAll()
    .where(sql<string>`lower(to_address)`, "=", to.toLowerCase())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!email) return null;
  const links = [...email.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return { ...email, links };
}

export async function emailCountTo(to: string): Promise<number> {
  const db = await getDb();
  const row = await db
    .selectFrom("emails")
    .select(sql<number>`count(*)::int`.as("count"))
    .where(sql<string>`lower(to_address)`, "=", to.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.count;
}

/** The token parameter of the first link in an e-mail that points to `path`. */
export function tokenFromLinks(links: string[], path: string): string {
  const link = links.find((candidate) => new URL(candidate).pathname === path);
  if (!link) throw new Error(`no ${path} link in ${JSON.stringify(links)}`);
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

/**
 * Runs the queued jobs as the worker would (tests run with WORKER=off): sign-up and password
 * reset requests are finished by a job (decision 0025), and so are the e-mails they send.
 */
export async function runQueuedJobs(): Promise<void> {
  const db = await getDb();
  while ((await runDueJobs(db, { workerId: "test", limit: 50 })).length > 0) {
    // Until nothing due is left: a job may queue another (an e-mail's delivery).
  }
}
