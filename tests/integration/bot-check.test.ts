import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { loader as challengeLoader } from "~/routes/api.altcha-challenge";
import {
  BOT_CHECK_FIELDS,
  botCheckMessages,
  createAltchaChallenge,
  createBotCheck,
  createQuestion,
  verifyBotCheck,
  type AltchaCost,
} from "~/services/bot-check.server";

// The shared bot check (DESIGN.md decision 10): an ALTCHA proof-of-work with JavaScript, a signed
// "Paljonko on A + B?" without it; each accepted once, and only before it expires.

const TINY: AltchaCost = { iterations: 1, counterMin: 10, counterMax: 50 };

async function solvedPayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString(
    "base64",
  );
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("ALTCHA (with JavaScript)", () => {
  it("accepts a solved challenge once and refuses it the second time", async () => {
    const db = await getDb();
    const payload = await solvedPayload(await createAltchaChallenge({ cost: TINY }));
    expect(await verifyBotCheck(db, form({ altcha: payload }))).toEqual({ ok: true, method: "altcha" });
    expect(await verifyBotCheck(db, form({ altcha: payload }))).toEqual({ ok: false, message: botCheckMessages.failed });
  });

  it("refuses an expired challenge with the expiry message", async () => {
    const db = await getDb();
    const challenge = await createAltchaChallenge({ cost: TINY, ttlMs: -60_000 });
    const payload = await solvedPayload(challenge);
    expect(await verifyBotCheck(db, form({ altcha: payload }))).toEqual({
      ok: false,
      message: botCheckMessages.expired,
    });
  });

  it("refuses a wrong solution, tampered parameters, a foreign signature and garbage", async () => {
    const db = await getDb();
    const challenge = await createAltchaChallenge({ cost: TINY });
    const solution = await solveChallenge({ challenge, deriveKey });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const failed = { ok: false, message: botCheckMessages.failed };

    const wrongKey = { ...solution!, derivedKey: "00".repeat(32) };
    expect(await verifyBotCheck(db, form({ altcha: encode({ challenge, solution: wrongKey }) }))).toEqual(failed);

    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1, expiresAt: 4_000_000_000 } };
    expect(await verifyBotCheck(db, form({ altcha: encode({ challenge: easier, solution }) }))).toEqual(failed);

    const unsigned = { parameters: challenge.parameters, signature: "ab".repeat(32) };
    expect(await verifyBotCheck(db, form({ altcha: encode({ challenge: unsigned, solution }) }))).toEqual(failed);

    expect(await verifyBotCheck(db, form({ altcha: "bm90IGpzb24=" }))).toEqual(failed);
    expect(await verifyBotCheck(db, form({ altcha: "%%%" }))).toEqual(failed);

    // The untouched payload still passes: the refusals above did not use it up.
    expect(await verifyBotCheck(db, form({ altcha: encode({ challenge, solution }) }))).toEqual({ ok: true, method: "altcha" });
  });

  it("serves fresh, uncached challenges to the widget", async () => {
    const args = { request: new Request("http://localhost/api/altcha-challenge"), params: {}, context: { cspNonce: "n", clientIp: "192.0.2.1" } };
    const first = await challengeLoader(args);
    const second = await challengeLoader(args);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const a = (await first.json()) as Challenge;
    const b = (await second.json()) as Challenge;
    expect(a.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
    expect(a.signature).toMatch(/^[0-9a-f]{64}$/);
    // Small enough to solve at once outside production.
    expect(a.parameters.cost).toBe(1);
  });
});

describe("the question (without JavaScript)", () => {
  it("asks 'Paljonko on A + B?' with A and B from 1 to 9", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 300; i += 1) {
      const { question, answer } = createQuestion();
      const match = /^Paljonko on ([1-9]) \+ ([1-9])\?$/.exec(question);
      expect(match).not.toBeNull();
      expect(Number(match![1]) + Number(match![2])).toBe(answer);
      seen.add(question);
    }
    expect(seen.size).toBeGreaterThan(30);
    expect(createBotCheck()).not.toHaveProperty("answer");
  });

  it("accepts the right answer in digits once", async () => {
    const db = await getDb();
    const { token, answer } = createQuestion();
    const fields = { [BOT_CHECK_FIELDS.questionToken]: token, [BOT_CHECK_FIELDS.answer]: ` ${answer} ` };
    expect(await verifyBotCheck(db, form(fields))).toEqual({ ok: true, method: "question" });
    expect(await verifyBotCheck(db, form(fields))).toEqual({ ok: false, message: botCheckMessages.failed });
  });

  it("refuses a wrong answer, and the token cannot be tried again with another", async () => {
    const db = await getDb();
    const { token, answer } = createQuestion();
    const wrong = await verifyBotCheck(db, form({ botCheckToken: token, botCheck: String(answer === 2 ? 3 : answer - 1) }));
    expect(wrong).toEqual({ ok: false, message: botCheckMessages.failed });
    expect(await verifyBotCheck(db, form({ botCheckToken: token, botCheck: String(answer) }))).toEqual({
      ok: false,
      message: botCheckMessages.failed,
    });
  });

  it("refuses an answer in words", async () => {
    const db = await getDb();
    const { token } = createQuestion();
    expect(await verifyBotCheck(db, form({ botCheckToken: token, botCheck: "seitsemän" }))).toEqual({
      ok: false,
      message: botCheckMessages.failed,
    });
  });

  it("refuses an expired question with the expiry message", async () => {
    const db = await getDb();
    const { token, answer } = createQuestion({ now: new Date(Date.now() - 2 * 60 * 60 * 1000) });
    expect(await verifyBotCheck(db, form({ botCheckToken: token, botCheck: String(answer) }))).toEqual({
      ok: false,
      message: botCheckMessages.expired,
    });
  });

  it("refuses a forged token", async () => {
    const db = await getDb();
    const { token, answer } = createQuestion();
    const [body] = token.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 86_400 })).toString("base64url");
    for (const forged of [`${forgedBody}.${token.split(".")[1]}`, `${body}.AAAA`, body, "roskaa"]) {
      expect(await verifyBotCheck(db, form({ botCheckToken: forged, botCheck: String(answer) }))).toEqual({
        ok: false,
        message: botCheckMessages.failed,
      });
    }
  });

  it("asks for the check when neither a payload nor an answer came", async () => {
    const db = await getDb();
    const { token } = createQuestion();
    expect(await verifyBotCheck(db, form({}))).toEqual({ ok: false, message: botCheckMessages.required });
    expect(await verifyBotCheck(db, form({ botCheckToken: token, botCheck: "  " }))).toEqual({
      ok: false,
      message: botCheckMessages.required,
    });
  });

  it("forgets used tokens once they have expired anyway", async () => {
    const db = await getDb();
    await db.insertInto("used_challenges").values({ token_hash: "vanha", expires_at: new Date(Date.now() - 1000) }).execute();
    const { token, answer } = createQuestion();
    await verifyBotCheck(db, form({ botCheckToken: token, botCheck: String(answer) }));
    expect(await db.selectFrom("used_challenges").select("token_hash").where("token_hash", "=", "vanha").execute()).toEqual([]);
  });
});
