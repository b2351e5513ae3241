import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { resetEnvCache } from "~/env.server";
import { action as authAction, loader as authLoader } from "~/routes/auth._index";
import { answerOf, contextFor, getRequest, postRequest, runQueuedJobs } from "./support/auth";
import { botCheckAnswer } from "./support/booking";

// Issue 31, finding 2: 33 accounts from one client in under a minute, each mailing any address
// typed. Sign-up now has the bot check of the other public forms and limits per client address
// and per e-mail address (the defaults here, not the raised test-run values).

process.env.SIGN_UPS_PER_IP = "10";
process.env.SIGN_UPS_PER_EMAIL = "3";
resetEnvCache();

function signUp(fields: Record<string, string>, ip: string) {
  return answerOf(() =>
    authAction({
      request: postRequest("/auth?index", { intent: "signup", fullName: "Rauha Rekisteröijä", password: "Salasana123", ...fields }),
      params: {},
      context: contextFor(ip),
    }),
  );
}

async function profilesWith(email: string): Promise<number> {
  const db = await getDb();
  const rows = await db.selectFrom("profiles").select("id").where("email", "=", email).execute();
  return rows.length;
}

async function queuedSignUps(): Promise<number> {
  const db = await getDb();
  const rows = await db.selectFrom("jobs").select("id").where("type", "=", "accounts.sign_up").execute();
  return rows.length;
}

describe("sign-up bot check", () => {
  it("renders the question on the sign-up tab", async () => {
    const answer = await answerOf(() => authLoader({ request: getRequest("/auth?tab=rekisteroidy"), params: {}, context: contextFor() }));
    expect(answer.data.botCheck.question).toMatch(/^Paljonko on [1-9] \+ [1-9]\?$/);
    expect(answer.data.botCheck.token).toBeTruthy();
  });

  it("refuses a sign-up without a check, with a wrong answer or with a spent token, and makes nothing", async () => {
    const before = await queuedSignUps();
    const missing = await signUp({ email: "botti@example.fi" }, "198.51.100.1");
    expect(missing.status).toBe(400);
    expect(missing.data.result.error.botCheck).toEqual(["Tee varmistus ennen lähettämistä"]);
    // A new question comes with every refusal.
    expect(missing.data.botCheck.question).toMatch(/^Paljonko on/);

    const { botCheckToken, botCheck } = botCheckAnswer();
    const wrong = await signUp({ email: "botti@example.fi", botCheckToken, botCheck: String((Number(botCheck) % 18) + 1) }, "198.51.100.1");
    expect(wrong.status).toBe(400);
    expect(wrong.data.result.error.botCheck).toEqual(["Varmistus epäonnistui. Päivitä sivu ja yritä uudelleen."]);

    const passed = botCheckAnswer();
    expect((await signUp({ email: "ihminen@example.fi", ...passed }, "198.51.100.2")).status).toBe(302);
    const reused = await signUp({ email: "toinen-botti@example.fi", ...passed }, "198.51.100.2");
    expect(reused.status).toBe(400);

    expect(await queuedSignUps()).toBe(before + 1);
    await runQueuedJobs();
    expect(await profilesWith("botti@example.fi")).toBe(0);
    expect(await profilesWith("toinen-botti@example.fi")).toBe(0);
    expect(await profilesWith("ihminen@example.fi")).toBe(1);
  });
});

describe("sign-up limits", () => {
  it("allows 10 sign-ups an hour from one client, whatever addresses it types, then answers 429 with the wait", async () => {
    const ip = "203.0.113.55";
    for (let i = 0; i < 10; i++) expect((await signUp({ email: `massa-${i}@example.fi`, ...botCheckAnswer() }, ip)).status).toBe(302);
    const refused = await signUp({ email: "massa-10@example.fi", fullName: "Viimeinen Yritys", ...botCheckAnswer() }, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(59 * 60);
    expect(refused.data.result.error[""][0]).toMatch(/liian monta rekisteröitymistä\. Yritä uudelleen \d+ minuutin kuluttua\.$/);
    // What was typed stays on the form (but not the password).
    expect(refused.data.result.initialValue).toMatchObject({ email: "massa-10@example.fi", fullName: "Viimeinen Yritys" });
    expect(refused.data.result.initialValue.password).toBeUndefined();
    // Another client is not affected.
    expect((await signUp({ email: "naapuri@example.fi", ...botCheckAnswer() }, "203.0.113.56")).status).toBe(302);
    await runQueuedJobs();
    expect(await profilesWith("massa-10@example.fi")).toBe(0);
    expect(await profilesWith("massa-9@example.fi")).toBe(1);
  });

  it("allows 3 sign-ups an hour for one address from any clients (each mails that address)", async () => {
    const email = "kohde@example.fi";
    for (let i = 0; i < 3; i++) expect((await signUp({ email, ...botCheckAnswer() }, `192.0.2.${20 + i}`)).status).toBe(302);
    expect((await signUp({ email: "KOHDE@example.fi", ...botCheckAnswer() }, "192.0.2.99")).status).toBe(429);
  });
});
