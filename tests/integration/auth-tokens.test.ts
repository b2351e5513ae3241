import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getOptionalUser } from "~/auth/guards.server";
import { getDb } from "~/db.server";
import { hashToken } from "~/models/users.server";
import { takeToast } from "~/services/flash.server";
import { action as authAction } from "~/routes/auth._index";
import { action as confirmAction, loader as confirmLoader } from "~/routes/auth.vahvista";
import { action as forgotAction } from "~/routes/auth.unohtunut-salasana";
import { action as newPasswordAction, loader as newPasswordLoader } from "~/routes/auth.uusi-salasana";
import {
  TEST_PASSWORD,
  answerOf,
  contextFor,
  cookiesFrom,
  createTestUser,
  emailCountTo,
  getRequest,
  lastEmailTo,
  postRequest,
  runQueuedJobs,
  sessionCookieFor,
  tokenFromLinks,
} from "./support/auth";
import { botCheckAnswer } from "./support/booking";

// Sign-up with e-mail confirmation and password reset by e-mail (DESIGN.md decision 9): links
// are single-use, expire, and never reveal whether an address has an account.

const ctx = contextFor();

/** A sign-up with the bot check answered, and the job that finishes it run (decision 0025). */
async function signUp(fields: { fullName: string; email: string; password: string }) {
  const answer = await answerOf(() =>
    authAction({ request: postRequest("/auth?index", { intent: "signup", ...fields, ...botCheckAnswer() }), params: {}, context: ctx }),
  );
  await runQueuedJobs();
  return answer;
}

async function signIn(email: string, password: string) {
  return answerOf(() =>
    authAction({ request: postRequest("/auth?index", { intent: "signin", email, password }), params: {}, context: contextFor("192.0.2.77") }),
  );
}

async function confirmPost(token: string) {
  return answerOf(() => confirmAction({ request: postRequest("/auth/vahvista", { token }), params: {}, context: ctx }));
}

async function requestReset(email: string, ip = "192.0.2.1") {
  const answer = await answerOf(() => forgotAction({ request: postRequest("/auth/unohtunut-salasana", { email }), params: {}, context: contextFor(ip) }));
  await runQueuedJobs();
  return answer;
}

async function setNewPassword(token: string, password: string) {
  return answerOf(() =>
    newPasswordAction({
      request: postRequest("/auth/uusi-salasana", { token, password, confirmPassword: password }),
      params: {},
      context: ctx,
    }),
  );
}

async function toastOf(response: Response | null) {
  const { toast } = await takeToast(getRequest("/", cookiesFrom(response!)));
  return toast;
}

async function expireToken(token: string) {
  const db = await getDb();
  await db
    .updateTable("auth_tokens")
    .set({ expires_at: sql`now() - interval '1 second'` })
    .where("token_hash", "=", hashToken(token))
    .execute();
}

describe("sign-up", () => {
  it("creates an unconfirmed customer, queues the confirmation e-mail and does not sign in", async () => {
    const answer = await signUp({ fullName: "Aino Asiakas", email: "aino@example.fi", password: "Salasana123" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?tab=kirjaudu&vahvista=1");
    expect(answer.response!.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
    expect(await toastOf(answer.response)).toEqual({
      type: "success",
      title: "Rekisteröinti onnistui!",
      description: "Voit nyt kirjautua sisään.",
    });

    const db = await getDb();
    const profile = await db.selectFrom("profiles").selectAll().where("email", "=", "aino@example.fi").executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ full_name: "Aino Asiakas", user_type: "customer", email_confirmed_at: null });
    expect(profile.password_hash).toMatch(/^\$argon2id\$/);
    expect(await db.selectFrom("customers").select("id").where("profile_id", "=", profile.id).executeTakeFirst()).toBeDefined();
    expect(await db.selectFrom("user_roles").select("id").where("user_id", "=", profile.id).executeTakeFirst()).toBeUndefined();

    const email = await lastEmailTo("aino@example.fi");
    expect(email?.subject).toBe("Vahvista sähköpostiosoitteesi – Arkikaveri");
    const token = tokenFromLinks(email!.links, "/auth/vahvista");
    // Only the hash is stored.
    const stored = await db.selectFrom("auth_tokens").selectAll().where("user_id", "=", profile.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(token));
    expect(stored.purpose).toBe("confirm_email");
    const hours = (stored.expires_at.getTime() - stored.created_at.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(48, 1);
    // A job delivers it.
    const job = await db.selectFrom("jobs").select("type").where(sql<boolean>`payload->>'emailId' = ${email!.id}`).executeTakeFirst();
    expect(job?.type).toBe("email.deliver");
  });

  it("answers a sign-up with a taken address like any other, and tells the owner by e-mail instead", async () => {
    await createTestUser({ email: "olemassa@example.fi" });
    const before = await emailCountTo("olemassa@example.fi");
    const answer = await signUp({ fullName: "Joku Muu", email: "OLEMASSA@example.fi", password: "Salasana123" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/auth?tab=kirjaudu&vahvista=1");
    const db = await getDb();
    const profiles = await db.selectFrom("profiles").select("full_name").where(sql<string>`lower(email)`, "=", "olemassa@example.fi").execute();
    expect(profiles).toEqual([{ full_name: "Testi Käyttäjä" }]);
    expect(await emailCountTo("olemassa@example.fi")).toBe(before + 1);
    const email = await lastEmailTo("olemassa@example.fi");
    expect(email?.subject).toBe("Sinulla on jo Arkikaveri-tili");
    tokenFromLinks(email!.links, "/auth/uusi-salasana");
  });
});

describe("e-mail confirmation link", () => {
  it("shows a page on GET without confirming, confirms on POST and goes to the site root", async () => {
    await signUp({ fullName: "Bertta Vahvistaja", email: "bertta@example.fi", password: "Salasana123" });
    const token = tokenFromLinks((await lastEmailTo("bertta@example.fi"))!.links, "/auth/vahvista");

    const page = await answerOf(() => confirmLoader({ request: getRequest(`/auth/vahvista?token=${token}`), params: {}, context: ctx }));
    expect(page.status).toBe(200);
    expect(page.data.token).toBe(token);
    // Opening the link (or a mail scanner fetching it) changed nothing.
    expect((await signIn("bertta@example.fi", "Salasana123")).status).toBe(403);

    const confirmed = await confirmPost(token);
    expect(confirmed.status).toBe(302);
    expect(confirmed.location).toBe("/");
    expect((await toastOf(confirmed.response))?.title).toBe("Sähköpostiosoite vahvistettu!");

    const signedIn = await signIn("bertta@example.fi", "Salasana123");
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/portal");
  });

  it("works only once", async () => {
    await signUp({ fullName: "Cecilia Kerran", email: "cecilia@example.fi", password: "Salasana123" });
    const token = tokenFromLinks((await lastEmailTo("cecilia@example.fi"))!.links, "/auth/vahvista");
    expect((await confirmPost(token)).status).toBe(302);
    const again = await confirmPost(token);
    expect(again.status).toBe(400);
    expect(again.data.error).toBe("Linkki on vanhentunut tai jo käytetty.");
    const page = await answerOf(() => confirmLoader({ request: getRequest(`/auth/vahvista?token=${token}`), params: {}, context: ctx }));
    expect(page.status).toBe(400);
    expect(page.data.token).toBeNull();
  });

  it("stops working when it expires", async () => {
    await signUp({ fullName: "Daavid Myöhäinen", email: "daavid@example.fi", password: "Salasana123" });
    const token = tokenFromLinks((await lastEmailTo("daavid@example.fi"))!.links, "/auth/vahvista");
    await expireToken(token);
    expect((await confirmPost(token)).status).toBe(400);
    expect((await signIn("daavid@example.fi", "Salasana123")).status).toBe(403);
  });

  it("rejects a made-up token", async () => {
    expect((await confirmPost("keksitty-tunniste")).status).toBe(400);
  });

  it("can be sent again from the sign-in page; the new link works and the old one no longer does", async () => {
    await signUp({ fullName: "Eero Uusinta", email: "eero@example.fi", password: "Salasana123" });
    const first = tokenFromLinks((await lastEmailTo("eero@example.fi"))!.links, "/auth/vahvista");
    const resend = await answerOf(() =>
      authAction({ request: postRequest("/auth?index", { intent: "resend-confirmation", email: "eero@example.fi" }), params: {}, context: ctx }),
    );
    expect(resend.status).toBe(302);
    expect((await toastOf(resend.response))?.title).toBe("Vahvistuslinkki lähetetty");
    const second = tokenFromLinks((await lastEmailTo("eero@example.fi"))!.links, "/auth/vahvista");
    expect(second).not.toBe(first);
    expect((await confirmPost(first)).status).toBe(400);
    expect((await confirmPost(second)).status).toBe(302);
  });

  it("words the resent link as a sign-up for a customer and as an application for a helper", async () => {
    await signUp({ fullName: "Fanni Asiakas", email: "fanni@example.fi", password: "Salasana123" });
    await createTestUser({ email: "hakija@example.fi", fullName: "Hilkka Hakija", userType: "caregiver", confirmed: false });
    for (const email of ["fanni@example.fi", "hakija@example.fi"]) {
      await answerOf(() =>
        authAction({ request: postRequest("/auth?index", { intent: "resend-confirmation", email }), params: {}, context: ctx }),
      );
    }
    const customerMail = await lastEmailTo("fanni@example.fi");
    expect(customerMail?.text).toContain("Tervetuloa Arkikaveriin!");
    const helperMail = await lastEmailTo("hakija@example.fi");
    expect(helperMail?.subject).toBe("Vahvista sähköpostiosoitteesi – Arkikaveri");
    expect(helperMail?.text).toContain("Kiitos hakemuksestasi Arkikaveriksi!");
    expect(helperMail?.text).toContain("Hei Hilkka Hakija,");
    expect(tokenFromLinks(helperMail!.links, "/auth/vahvista")).toBeTruthy();
  });

  it("answers a resend for an unknown address the same way and sends nothing", async () => {
    const resend = await answerOf(() =>
      authAction({ request: postRequest("/auth?index", { intent: "resend-confirmation", email: "tuntematon@example.fi" }), params: {}, context: ctx }),
    );
    expect(resend.status).toBe(302);
    expect(resend.location).toBe("/auth?tab=kirjaudu&vahvista=1");
    expect(await emailCountTo("tuntematon@example.fi")).toBe(0);
  });
});

describe("password reset", () => {
  it("gives the same answer for unknown and known addresses, and mails only the known one", async () => {
    await createTestUser({ email: "unohtaja@example.fi" });
    const unknown = await requestReset("ei-tilia@example.fi");
    const known = await requestReset("unohtaja@example.fi");
    expect(unknown.status).toBe(302);
    expect(known.status).toBe(302);
    expect(unknown.location).toBe(known.location);
    expect(await emailCountTo("ei-tilia@example.fi")).toBe(0);
    const email = await lastEmailTo("unohtaja@example.fi");
    expect(email?.subject).toBe("Salasanan vaihtaminen – Arkikaveri");
    const token = tokenFromLinks(email!.links, "/auth/uusi-salasana");
    const db = await getDb();
    const stored = await db.selectFrom("auth_tokens").selectAll().where("token_hash", "=", hashToken(token)).executeTakeFirstOrThrow();
    expect(stored.purpose).toBe("reset_password");
    expect((stored.expires_at.getTime() - stored.created_at.getTime()) / 60_000).toBeCloseTo(60, 0);
  });

  it("sets the new password, ends every other session of the account, signs the person in and lets the new password in", async () => {
    const user = await createTestUser({ email: "vaihtaja@example.fi" });
    const oldSession = await sessionCookieFor(user);
    await requestReset("vaihtaja@example.fi");
    const token = tokenFromLinks((await lastEmailTo("vaihtaja@example.fi"))!.links, "/auth/uusi-salasana");

    const page = await answerOf(() => newPasswordLoader({ request: getRequest(`/auth/uusi-salasana?token=${token}`), params: {}, context: ctx }));
    expect(page.status).toBe(200);
    expect(page.data.token).toBe(token);

    const changed = await setNewPassword(token, "UusiSalasana2");
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/portal");
    expect((await toastOf(changed.response))?.title).toBe("Salasana vaihdettu!");

    // The old session is gone; the one just made for the person is the only one, and it works.
    const db = await getDb();
    const sessions = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    expect(sessions).toHaveLength(1);
    const signedIn = await getOptionalUser(getRequest("/portal", cookiesFrom(changed.response!)));
    expect(signedIn?.id).toBe(user.id);
    expect(oldSession).toBeTruthy();
    expect((await signIn("vaihtaja@example.fi", TEST_PASSWORD)).status).toBe(401);
    expect((await signIn("vaihtaja@example.fi", "UusiSalasana2")).location).toBe("/portal");
  });

  it("works only once", async () => {
    await createTestUser({ email: "kerran@example.fi" });
    await requestReset("kerran@example.fi");
    const token = tokenFromLinks((await lastEmailTo("kerran@example.fi"))!.links, "/auth/uusi-salasana");
    expect((await setNewPassword(token, "Ensimmainen1")).status).toBe(302);
    const again = await setNewPassword(token, "Toinen22222");
    expect(again.status).toBe(400);
    expect(again.data.error[""]).toEqual(["Linkki on vanhentunut tai jo käytetty."]);
    expect((await signIn("kerran@example.fi", "Toinen22222")).status).toBe(401);
  });

  it("stops working when it expires", async () => {
    await createTestUser({ email: "myohassa@example.fi" });
    await requestReset("myohassa@example.fi");
    const token = tokenFromLinks((await lastEmailTo("myohassa@example.fi"))!.links, "/auth/uusi-salasana");
    await expireToken(token);
    const page = await answerOf(() => newPasswordLoader({ request: getRequest(`/auth/uusi-salasana?token=${token}`), params: {}, context: ctx }));
    expect(page.status).toBe(400);
    expect(page.data.token).toBeNull();
    expect((await setNewPassword(token, "Myohainen123")).status).toBe(400);
  });

  it("retires an older reset link when a newer one is sent", async () => {
    await createTestUser({ email: "kahdesti@example.fi" });
    await requestReset("kahdesti@example.fi");
    const first = tokenFromLinks((await lastEmailTo("kahdesti@example.fi"))!.links, "/auth/uusi-salasana");
    await requestReset("kahdesti@example.fi");
    const second = tokenFromLinks((await lastEmailTo("kahdesti@example.fi"))!.links, "/auth/uusi-salasana");
    expect((await setNewPassword(first, "Vanhalla123")).status).toBe(400);
    expect((await setNewPassword(second, "Uudella1234")).status).toBe(302);
  });

  it("confirms the address of an unconfirmed account, since the link proves the mailbox", async () => {
    await createTestUser({ email: "vahvistamaton-nollaus@example.fi", confirmed: false });
    await requestReset("vahvistamaton-nollaus@example.fi");
    const token = tokenFromLinks((await lastEmailTo("vahvistamaton-nollaus@example.fi"))!.links, "/auth/uusi-salasana");
    await setNewPassword(token, "Vahvistettu1");
    expect((await signIn("vahvistamaton-nollaus@example.fi", "Vahvistettu1")).location).toBe("/portal");
  });

  it("does not accept a confirmation link as a reset link", async () => {
    await signUp({ fullName: "Väärä Linkki", email: "vaara-linkki@example.fi", password: "Salasana123" });
    const confirmToken = tokenFromLinks((await lastEmailTo("vaara-linkki@example.fi"))!.links, "/auth/vahvista");
    expect((await setNewPassword(confirmToken, "Kaappaus123")).status).toBe(400);
  });

  it("limits how many reset e-mails one address can be sent", async () => {
    await createTestUser({ email: "pommitus@example.fi" });
    for (let i = 0; i < 5; i++) expect((await requestReset("pommitus@example.fi", `192.0.2.${100 + i}`)).status).toBe(302);
    expect(await emailCountTo("pommitus@example.fi")).toBe(3);
  });
});
