import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { getOptionalUser } from "~/auth/guards.server";
import { hashSessionId } from "~/services/session.server";
import { takeToast } from "~/services/flash.server";
import { action as authAction, loader as authLoader } from "~/routes/auth._index";
import { action as signOutAction, loader as signOutLoader } from "~/routes/auth.kirjaudu-ulos";
import {
  TEST_PASSWORD,
  answerOf,
  contextFor,
  cookiesFrom,
  createTestUser,
  getRequest,
  postRequest,
  sessionCookieFor,
} from "./support/auth";

// Sign-in, sessions and sign-out (spec 000 §2, §8; DESIGN.md decisions 9 and 13).

async function signIn(email: string, password: string, options: { cookie?: string; redirectTo?: string; ip?: string } = {}) {
  const fields: Record<string, string> = { intent: "signin", email, password };
  if (options.redirectTo) fields.redirectTo = options.redirectTo;
  return answerOf(() =>
    authAction({ request: postRequest("/auth?index", fields, options.cookie), params: {}, context: contextFor(options.ip) }),
  );
}

async function toastOf(response: Response | null) {
  if (!response) return null;
  const { toast } = await takeToast(getRequest("/", cookiesFrom(response)));
  return toast;
}

function sessionIdOf(cookie: string): string {
  // The cookie value is the signed, serialised id: "<base64 of JSON string>.<signature>".
  const value = decodeURIComponent(cookie.split("=").slice(1).join("="));
  const payload = value.slice(0, value.lastIndexOf("."));
  return JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
}

async function sessionRowExists(cookie: string): Promise<boolean> {
  const db = await getDb();
  const row = await db.selectFrom("sessions").select("id").where("id", "=", hashSessionId(sessionIdOf(cookie))).executeTakeFirst();
  return Boolean(row);
}

function sessionCookieOf(response: Response | null): string {
  const header = response?.headers.getSetCookie().find((cookie) => cookie.startsWith("__session="));
  if (!header) throw new Error("no __session cookie was set");
  return header.split(";")[0];
}

beforeAll(async () => {
  await createTestUser({ email: "admin@example.fi", role: "admin" });
  await createTestUser({ email: "moderaattori@example.fi", role: "moderator" });
  await createTestUser({ email: "tuki@example.fi", role: "support" });
  await createTestUser({ email: "kaveri@example.fi", userType: "caregiver" });
  await createTestUser({ email: "asiakas@example.fi" });
  await createTestUser({ email: "Vahvistamaton@Example.fi", confirmed: false });
  await createTestUser({ email: "vieras@example.fi", password: null });
});

describe("signing in", () => {
  it.each([
    ["an admin", "admin@example.fi", "/backoffice", "Kirjauduttu sisään ylläpitäjänä!"],
    ["a moderator", "moderaattori@example.fi", "/backoffice", "Kirjauduttu sisään!"],
    ["a support person", "tuki@example.fi", "/backoffice", "Kirjauduttu sisään!"],
    ["a caregiver", "kaveri@example.fi", "/portal/caregiver-bookings", "Kirjauduttu sisään kaverina!"],
    ["a customer", "asiakas@example.fi", "/portal", "Kirjauduttu sisään!"],
  ])("sends %s to the right place with the right toast", async (_who, email, destination, toastTitle) => {
    const answer = await signIn(email, TEST_PASSWORD, { ip: `198.51.100.${email.length}` });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(destination);
    expect((await toastOf(answer.response))?.title).toBe(toastTitle);

    const cookie = sessionCookieOf(answer.response);
    const setCookie = answer.response!.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect((await getOptionalUser(getRequest("/", cookie)))?.email).toBe(email);
  });

  it("ignores the case of the e-mail address", async () => {
    const answer = await signIn("ASIAKAS@example.FI", TEST_PASSWORD);
    expect(answer.location).toBe("/portal");
  });

  it("returns to the page that asked for sign-in, but only within this site", async () => {
    const back = await signIn("tuki@example.fi", TEST_PASSWORD, { redirectTo: "/backoffice/orders?tila=pending" });
    expect(back.location).toBe("/backoffice/orders?tila=pending");
    const offsite = await signIn("tuki@example.fi", TEST_PASSWORD, { redirectTo: "//evil.example/phish" });
    expect(offsite.location).toBe("/backoffice");
  });

  it("refuses a wrong password with the failure message and keeps the e-mail", async () => {
    const answer = await signIn("asiakas@example.fi", "Vaarin12345");
    expect(answer.status).toBe(401);
    expect(answer.data.result.error[""]).toEqual(["Sähköpostiosoite tai salasana on väärin."]);
    expect(answer.data.result.initialValue.email).toBe("asiakas@example.fi");
    expect(answer.data.result.initialValue.password).toBeUndefined();
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  it("gives an unknown address exactly the same answer as a wrong password", async () => {
    const unknown = await signIn("ei-ole@example.fi", "Vaarin12345");
    const wrong = await signIn("asiakas@example.fi", "Vaarin12345");
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.data.result.error).toEqual(wrong.data.result.error);
  });

  it("does not let an account without a password in (made by a guest booking)", async () => {
    const answer = await signIn("vieras@example.fi", TEST_PASSWORD);
    expect(answer.status).toBe(401);
  });

  it("tells the owner of an unconfirmed account so, and offers to resend the link", async () => {
    const answer = await signIn("vahvistamaton@example.fi", TEST_PASSWORD);
    expect(answer.status).toBe(403);
    expect(answer.data.result.error[""][0]).toMatch(/ei ole vielä vahvistettu/);
    expect(answer.data.unconfirmedEmail).toBe("Vahvistamaton@Example.fi");
    expect(answer.headers.get("Set-Cookie")).toBeNull();
  });

  it("does not reveal that an account is unconfirmed to someone without its password", async () => {
    const answer = await signIn("vahvistamaton@example.fi", "Vaarin12345");
    expect(answer.status).toBe(401);
    expect(answer.data.unconfirmedEmail).toBeUndefined();
  });

  it("sends an already signed-in visitor of /auth to their own home", async () => {
    const admin = await createTestUser({ email: "toinen-admin@example.fi", role: "admin" });
    const adminAnswer = await answerOf(() => authLoader({ request: getRequest("/auth", ""), params: {}, context: contextFor() }));
    expect(adminAnswer.status).toBe(200);
    const signedIn = await answerOf(async () =>
      authLoader({ request: getRequest("/auth", await sessionCookieFor(admin)), params: {}, context: contextFor() }),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/backoffice");
  });
});

describe("sessions", () => {
  it("issues a new session id at sign-in and deletes the one the browser had (rotation)", async () => {
    const customer = await createTestUser({ email: "rotaatio@example.fi" });
    const planted = await sessionCookieFor(customer);
    expect(await sessionRowExists(planted)).toBe(true);

    const answer = await signIn("rotaatio@example.fi", TEST_PASSWORD, { cookie: planted });
    const fresh = sessionCookieOf(answer.response);
    expect(sessionIdOf(fresh)).not.toBe(sessionIdOf(planted));
    expect(await sessionRowExists(planted)).toBe(false);
    expect(await sessionRowExists(fresh)).toBe(true);
    expect(await getOptionalUser(getRequest("/", planted))).toBeNull();
  });

  it("keeps only a hash of the session id in the database", async () => {
    const customer = await createTestUser({ email: "hash@example.fi" });
    const cookie = await sessionCookieFor(customer);
    const db = await getDb();
    const rows = await db.selectFrom("sessions").select(["id", "user_id", "ip", "user_agent"]).where("user_id", "=", customer.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(sessionIdOf(cookie));
    expect(rows[0].id).toBe(hashSessionId(sessionIdOf(cookie)));
    expect(rows[0]).toMatchObject({ ip: "203.0.113.10", user_agent: "vitest" });
  });

  it("treats a forged or tampered cookie as signed out", async () => {
    const customer = await createTestUser({ email: "vaarennos@example.fi" });
    const cookie = await sessionCookieFor(customer);
    const tampered = cookie.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    expect(await getOptionalUser(getRequest("/", tampered))).toBeNull();
  });

  it("treats an expired session as signed out", async () => {
    const customer = await createTestUser({ email: "vanhentunut-istunto@example.fi" });
    const cookie = await sessionCookieFor(customer);
    const db = await getDb();
    await db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 1000) }).where("user_id", "=", customer.id).execute();
    expect(await getOptionalUser(getRequest("/", cookie))).toBeNull();
  });
});

describe("signing out", () => {
  it("deletes the session row, clears the cookie and goes from the back office to /auth", async () => {
    const admin = await createTestUser({ email: "ulos-admin@example.fi", role: "admin" });
    const cookie = await sessionCookieFor(admin);
    const answer = await answerOf(() =>
      signOutAction({ request: postRequest("/auth/kirjaudu-ulos", { from: "backoffice" }, cookie), params: {}, context: contextFor() }),
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth");
    expect(await sessionRowExists(cookie)).toBe(false);
    const cleared = answer.response!.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(await getOptionalUser(getRequest("/", cookie))).toBeNull();
    expect((await toastOf(answer.response))?.title).toBe("Kirjauduttu ulos");
  });

  it("goes from the portal to the site root", async () => {
    const customer = await createTestUser({ email: "ulos-asiakas@example.fi" });
    const cookie = await sessionCookieFor(customer);
    const answer = await answerOf(() =>
      signOutAction({ request: postRequest("/auth/kirjaudu-ulos", { from: "portal" }, cookie), params: {}, context: contextFor() }),
    );
    expect(answer.location).toBe("/");
    expect(await sessionRowExists(cookie)).toBe(false);
  });

  it("does not sign out on a GET (a link or an image cannot sign anyone out)", async () => {
    const customer = await createTestUser({ email: "get-ulos@example.fi" });
    const cookie = await sessionCookieFor(customer);
    const answer = await answerOf(() => signOutLoader());
    expect(answer.status).toBe(302);
    expect(await sessionRowExists(cookie)).toBe(true);
  });
});
