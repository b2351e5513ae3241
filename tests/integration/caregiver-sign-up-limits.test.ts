import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { resetEnvCache } from "~/env.server";
import { action as authAction } from "~/routes/auth._index";
import { answerOf, contextFor, postRequest, runQueuedJobs } from "./support/auth";
import { botCheckAnswer } from "./support/booking";
import { completeRegistrationStep1, postRegistrationStep2, setUpRegistration } from "./support/registration";

// Issue 31 (audit): helper registration made an account and mailed any address typed, with no
// limit per client or per address. Step 2 now counts against the sign-up limits of /auth
// (SIGN_UPS_PER_IP, SIGN_UPS_PER_EMAIL; the defaults here, not the raised test-run values).

process.env.SIGN_UPS_PER_IP = "10";
process.env.SIGN_UPS_PER_EMAIL = "3";
resetEnvCache();

let cleanUp: () => void;
beforeAll(async () => {
  cleanUp = await setUpRegistration();
});
afterAll(() => cleanUp());

async function profilesWith(email: string): Promise<number> {
  const db = await getDb();
  return (await db.selectFrom("profiles").select("id").where("email", "=", email).execute()).length;
}

describe("helper registration limits", () => {
  it("allows 10 applications an hour from one client, then answers 429 with the wait and keeps the draft", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 10; i++) {
      const answer = await postRegistrationStep2(await completeRegistrationStep1(`hakija-${i}@example.fi`), ip);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/rekisteroidy-kaveriksi/kiitos");
    }
    const cookie = await completeRegistrationStep1("hakija-10@example.fi");
    const refused = await postRegistrationStep2(cookie, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect(refused.data.result.error[""][0]).toMatch(/liian monta rekisteröitymistä\. Yritä uudelleen \d+ minuutin kuluttua\.$/);
    await runQueuedJobs();
    expect(await profilesWith("hakija-10@example.fi")).toBe(0);
    expect(await profilesWith("hakija-9@example.fi")).toBe(1);
    // The draft is kept: the same application goes through from another client.
    expect((await postRegistrationStep2(cookie, "203.0.113.78")).status).toBe(302);
    await runQueuedJobs();
    expect(await profilesWith("hakija-10@example.fi")).toBe(1);
  });

  it("allows 3 applications an hour for one address from any clients, counted alike for a taken address", async () => {
    const email = "kohdehakija@example.fi";
    for (let i = 0; i < 3; i++) expect((await postRegistrationStep2(await completeRegistrationStep1(email), `192.0.2.${30 + i}`)).status).toBe(302);
    expect((await postRegistrationStep2(await completeRegistrationStep1("KOHDEHAKIJA@example.fi"), "192.0.2.99")).status).toBe(429);
  });

  it("shares the counters with the sign-ups at /auth", async () => {
    const ip = "198.51.100.200";
    for (let i = 0; i < 10; i++) expect((await postRegistrationStep2(await completeRegistrationStep1(`jaettu-${i}@example.fi`), ip)).status).toBe(302);
    const signUp = await answerOf(() =>
      authAction({
        request: postRequest("/auth?index", { intent: "signup", fullName: "Rauha Rekisteröijä", email: "jaettu-asiakas@example.fi", password: "Salasana123", ...botCheckAnswer() }),
        params: {},
        context: contextFor(ip),
      }),
    );
    expect(signUp.status).toBe(429);
  });
});
