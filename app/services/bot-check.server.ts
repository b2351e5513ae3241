import crypto from "node:crypto";
import { createChallenge, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { Executor } from "../db.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { claimChallengeToken, deleteExpiredChallengeTokens } from "../models/used-challenges.server";
import { botCheckMessages, botCheckQuestion } from "../messages/bot-check";
import { BOT_CHECK_FIELDS, type BotCheckChallenge } from "../schemas/bot-check";

// The bot check of public forms (DESIGN.md decision 10): with JavaScript the ALTCHA widget solves
// a small proof-of-work in the browser; without it the form carries a signed question
// "Paljonko on A + B?". The server accepts either, each token once and only before it expires.
// No third party sees the visitor. Used by helper registration and the booking flows.

export { BOT_CHECK_FIELDS, botCheckMessages, type BotCheckChallenge };

/** How long a rendered form's question or a fetched ALTCHA challenge stays valid. */
export const BOT_CHECK_TTL_MS = 60 * 60 * 1000;

export type BotCheckResult = { ok: true; method: "altcha" | "question" } | { ok: false; message: string };

// ------------------------------------------------------------------ keys

const globalKey = Symbol.for("arkikaveri.botCheckKey");
type GlobalWithKey = typeof globalThis & { [globalKey]?: string };

/**
 * The secret behind every signature here. Production must set ALTCHA_HMAC_KEY so that all web
 * processes agree (env() refuses to start production without it); elsewhere a random key per
 * process is enough (kept on globalThis because the server entry and the Remix bundle may each
 * load this module).
 */
function baseKey(): string {
  const e = env();
  if (e.ALTCHA_HMAC_KEY) return e.ALTCHA_HMAC_KEY;
  const g = globalThis as GlobalWithKey;
  g[globalKey] ??= crypto.randomBytes(32).toString("hex");
  return g[globalKey];
}

/** One key per use, so a signature made for one purpose is never valid for another. */
function subKey(purpose: "altcha-signature" | "altcha-key-signature" | "question"): string {
  return crypto.createHmac("sha256", baseKey()).update(`arkikaveri:${purpose}`).digest("hex");
}

function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

// ------------------------------------------------------------------ ALTCHA

/** Proof-of-work difficulty: the number of key derivations the browser tries on average. */
export interface AltchaCost {
  /** PBKDF2 iterations per try. */
  iterations: number;
  /** The secret counter is drawn from this range; the solver counts up to it. */
  counterMin: number;
  counterMax: number;
}

// In production about a second on a phone and a few on an old tablet (the spec's widget waits
// 30 s); in development and tests nearly instant, so e2e runs do not wait on it.
const PRODUCTION_COST: AltchaCost = { iterations: 1_000, counterMin: 5_000, counterMax: 10_000 };
const DEVELOPMENT_COST: AltchaCost = { iterations: 1, counterMin: 1_000, counterMax: 5_000 };

export function defaultAltchaCost(): AltchaCost {
  return env().NODE_ENV === "production" ? PRODUCTION_COST : DEVELOPMENT_COST;
}

/**
 * The proof of work for a client that has already placed `attempts` orders in the rate-limit
 * window: the first quarter of the hourly allowance (GUEST_BOOKINGS_PER_IP) costs the usual
 * second, after that each order doubles the key-derivation iterations per try (up to 16 times), so
 * a script placing order after order slows down while a family booking a few visits notices
 * nothing.
 */
export function altchaCostAfter(
  attempts: number,
  { base = defaultAltchaCost(), free = Math.floor(env().GUEST_BOOKINGS_PER_IP / 4) }: { base?: AltchaCost; free?: number } = {},
): AltchaCost {
  const factor = Math.min(16, 2 ** Math.max(0, attempts - free));
  return { ...base, iterations: base.iterations * factor };
}

/** A signed ALTCHA challenge (the JSON the widget fetches from /api/altcha-challenge). */
export async function createAltchaChallenge(
  options: { cost?: AltchaCost; ttlMs?: number } = {},
): Promise<Challenge> {
  const cost = options.cost ?? defaultAltchaCost();
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: cost.iterations,
    counter: crypto.randomInt(cost.counterMin, cost.counterMax + 1),
    deriveKey,
    expiresAt: new Date(Date.now() + (options.ttlMs ?? BOT_CHECK_TTL_MS)),
    hmacSignatureSecret: subKey("altcha-signature"),
    hmacKeySignatureSecret: subKey("altcha-key-signature"),
  });
}

function decodeAltchaPayload(raw: string): Payload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(raw, "base64").toString("utf8"));
    if (!json || typeof json !== "object") return null;
    const { challenge, solution } = json as Partial<Payload>;
    if (!challenge || typeof challenge !== "object" || !challenge.parameters || typeof challenge.parameters !== "object") {
      return null;
    }
    if (!solution || typeof solution !== "object") return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

async function verifyAltcha(executor: Executor, raw: string): Promise<BotCheckResult> {
  const payload = decodeAltchaPayload(raw);
  if (!payload?.challenge.signature) return { ok: false, message: botCheckMessages.failed };
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: subKey("altcha-signature"),
      hmacKeySignatureSecret: subKey("altcha-key-signature"),
    });
  } catch (error) {
    // Tampered parameters (an unknown algorithm, a bad counter) make the library throw.
    logger.info({ err: error }, "malformed ALTCHA payload");
    return { ok: false, message: botCheckMessages.failed };
  }
  if (result.expired) return { ok: false, message: botCheckMessages.expired };
  if (!result.verified) return { ok: false, message: botCheckMessages.failed };
  const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? Date.now() / 1000 + BOT_CHECK_TTL_MS / 1000) * 1000);
  const claimed = await claimChallengeToken(executor, sha256(`altcha:${payload.challenge.signature}`), expiresAt);
  if (!claimed) return { ok: false, message: botCheckMessages.failed };
  return { ok: true, method: "altcha" };
}

// ------------------------------------------------------------------ the no-JavaScript question

interface QuestionClaims {
  /** Random, makes every token distinct. */
  n: string;
  /** Expiry, epoch seconds. */
  e: number;
  /** HMAC of the nonce and the expected answer: the token does not reveal the answer. */
  h: string;
}

function answerDigest(nonce: string, answer: number): string {
  return crypto.createHmac("sha256", subKey("question")).update(`${nonce}:${answer}`).digest("base64url");
}

function sign(body: string): string {
  return crypto.createHmac("sha256", subKey("question")).update(`token:${body}`).digest("base64url");
}

/** A fresh question for a form render: "Paljonko on A + B?" with A and B from 1 to 9. */
export function createQuestion(options: { ttlMs?: number; now?: Date } = {}): BotCheckChallenge & { answer: number } {
  const a = crypto.randomInt(1, 10);
  const b = crypto.randomInt(1, 10);
  const nonce = crypto.randomBytes(16).toString("base64url");
  const now = options.now ?? new Date();
  const claims: QuestionClaims = {
    n: nonce,
    e: Math.floor((now.getTime() + (options.ttlMs ?? BOT_CHECK_TTL_MS)) / 1000),
    h: answerDigest(nonce, a + b),
  };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return { question: botCheckQuestion(a, b), token: `${body}.${sign(body)}`, answer: a + b };
}

/** The challenge a form renders; the ALTCHA part is fetched by the widget itself. */
export function createBotCheck(): BotCheckChallenge {
  const { question, token } = createQuestion();
  return { question, token };
}

function readQuestionToken(token: string): QuestionClaims | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<QuestionClaims>;
    if (typeof claims.n !== "string" || typeof claims.e !== "number" || typeof claims.h !== "string") return null;
    return claims as QuestionClaims;
  } catch {
    return null;
  }
}

async function verifyQuestion(executor: Executor, token: string, answer: string): Promise<BotCheckResult> {
  const claims = readQuestionToken(token);
  if (!claims) return { ok: false, message: botCheckMessages.failed };
  if (claims.e * 1000 <= Date.now()) return { ok: false, message: botCheckMessages.expired };
  // The token is used up before the answer is compared: one token gives one guess, so trying
  // every sum from 2 to 18 with the same token gets nowhere.
  const claimed = await claimChallengeToken(executor, sha256(`question:${token}`), new Date(claims.e * 1000));
  if (!claimed) return { ok: false, message: botCheckMessages.failed };
  const trimmed = answer.trim();
  if (!/^[0-9]{1,2}$/.test(trimmed)) return { ok: false, message: botCheckMessages.failed };
  const expected = Buffer.from(claims.h);
  const given = Buffer.from(answerDigest(claims.n, Number(trimmed)));
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    return { ok: false, message: botCheckMessages.failed };
  }
  return { ok: true, method: "question" };
}

// ------------------------------------------------------------------ verification

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Verifies the bot check of a submitted form: the ALTCHA payload when the widget ran, otherwise
 * the answer to the signed question. A passed token is recorded with `executor` and refused
 * the next time, so a form that fails for another reason needs a new check: either verify only
 * once the rest of the form is valid, or remember the pass server-side (helper registration keeps
 * it in its draft).
 */
export async function verifyBotCheck(executor: Executor, formData: FormData): Promise<BotCheckResult> {
  await deleteExpiredChallengeTokens(executor);
  const altcha = field(formData, BOT_CHECK_FIELDS.altcha).trim();
  if (altcha) return verifyAltcha(executor, altcha);
  const token = field(formData, BOT_CHECK_FIELDS.questionToken).trim();
  const answer = field(formData, BOT_CHECK_FIELDS.answer);
  if (!token || !answer.trim()) return { ok: false, message: botCheckMessages.required };
  return verifyQuestion(executor, token, answer);
}
