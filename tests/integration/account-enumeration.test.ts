import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as authAction } from "~/routes/auth._index";
import { action as forgotAction } from "~/routes/auth.unohtunut-salasana";
import { answerOf, contextFor, createTestUser, postRequest, type RouteAnswer } from "./support/auth";
import { botCheckAnswer } from "./support/booking";
import { completeRegistrationStep1, postRegistrationStep2, setUpRegistration } from "./support/registration";

// Issue 31, finding 1: whether an address has an account (staff included) must show neither in
// the answer nor in its time. The probe told them apart by time alone: the reset request took
// 15–19 ms for an existing account and 7–10 ms otherwise, sign-up 19 ms against 42 ms (the password
// was hashed only for new addresses). Here many requests of each kind are timed, interleaved so
// that a busy machine slows both alike, and compared by rank: the probability that an existing
// address's request is slower than an unknown one's must stay near a half (0.5 when the two are
// indistinguishable; the old code gave close to 0 or 1). A rank statistic ignores outliers, so a
// pause of the machine in the middle of a run does not decide it.

const TRIES = 24;
const WARM_UP = 3;

/** P(a > b) + ½ P(a = b) over all pairs: the area under the ROC curve of telling a from b. */
function probabilityGreater(a: number[], b: number[]): number {
  let wins = 0;
  for (const x of a) for (const y of b) wins += x > y ? 1 : x === y ? 0.5 : 0;
  return wins / (a.length * b.length);
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** What a visitor can see of an answer: status, where it leads, which cookies and what data. */
function visible(answer: RouteAnswer) {
  return {
    status: answer.status,
    location: answer.location,
    cookies: (answer.response?.headers.getSetCookie() ?? []).map((cookie) => cookie.split("=")[0]).sort(),
    data: answer.data,
  };
}

async function timed(run: () => Promise<RouteAnswer>): Promise<{ ms: number; answer: RouteAnswer }> {
  const start = performance.now();
  const answer = await run();
  return { ms: performance.now() - start, answer };
}

/**
 * Runs `request` for existing and unknown addresses in turn (ABAB…, starting side alternating),
 * returns the times of each kind and checks on the way that every answer looks the same.
 */
async function compare(
  existing: string[],
  unknown: string[],
  request: (email: string, index: number) => Promise<RouteAnswer>,
): Promise<{ existingMs: number[]; unknownMs: number[] }> {
  const existingMs: number[] = [];
  const unknownMs: number[] = [];
  let reference: ReturnType<typeof visible> | undefined;
  for (let i = 0; i < existing.length; i++) {
    const order = i % 2 === 0 ? (["existing", "unknown"] as const) : (["unknown", "existing"] as const);
    for (const kind of order) {
      const email = kind === "existing" ? existing[i]! : unknown[i]!;
      const { ms, answer } = await timed(() => request(email, i));
      reference ??= visible(answer);
      expect(visible(answer), `${kind} ${email}`).toEqual(reference);
      if (i >= WARM_UP) (kind === "existing" ? existingMs : unknownMs).push(ms);
    }
  }
  return { existingMs, unknownMs };
}

function expectIndistinguishable({ existingMs, unknownMs }: { existingMs: number[]; unknownMs: number[] }) {
  const p = probabilityGreater(existingMs, unknownMs);
  const summary = `P(existing slower) = ${p.toFixed(2)}; medians ${median(existingMs).toFixed(1)} ms (existing) vs ${median(unknownMs).toFixed(1)} ms (unknown)`;
  // With 21 + 21 samples of one distribution this stays within 0.5 ± 0.3 (about four standard
  // deviations); a constant difference of a few milliseconds puts it near 0 or 1.
  expect(p, summary).toBeGreaterThan(0.2);
  expect(p, summary).toBeLessThan(0.8);
}

async function accounts(prefix: string, options: { role?: "admin" } = {}): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < TRIES; i++) {
    const email = `${prefix}-${i}@example.fi`;
    await createTestUser({ email, ...(i % 4 === 0 ? options : {}) });
    emails.push(email);
  }
  return emails;
}

const unknownAddresses = (prefix: string) => Array.from({ length: TRIES }, (_, i) => `${prefix}-${i}@example.fi`);

describe("nothing tells whether an address has an account", () => {
  it("sign-up (/auth?tab=rekisteroidy): the same answer, and as long, for taken and free addresses", async () => {
    const taken = await accounts("varattu", { role: "admin" });
    const result = await compare(taken, unknownAddresses("vapaa"), (email, i) =>
      answerOf(() =>
        authAction({
          request: postRequest("/auth?index", { intent: "signup", fullName: "Kokeilu Käyttäjä", email, password: "Salasana123", ...botCheckAnswer() }),
          params: {},
          // Each try from its own client, as a probe spread over addresses would be.
          context: contextFor(`198.51.100.${i + 1}`),
        }),
      ),
    );
    expectIndistinguishable(result);
  });

  it("password reset (/auth/unohtunut-salasana): the same answer, and as long, for known and unknown addresses", async () => {
    const known = await accounts("nollaaja", { role: "admin" });
    const result = await compare(known, unknownAddresses("tuntematon"), (email, i) =>
      answerOf(() =>
        forgotAction({ request: postRequest("/auth/unohtunut-salasana", { email }), params: {}, context: contextFor(`203.0.113.${i + 1}`) }),
      ),
    );
    expectIndistinguishable(result);
  });

  describe("helper registration", () => {
    let cleanUp: () => void;
    beforeAll(async () => {
      cleanUp = await setUpRegistration();
    });
    afterAll(() => cleanUp());

    it("step 2 (/rekisteroidy-kaveriksi?vaihe=2): the same answer, and as long, for taken and free addresses", async () => {
      const taken = await accounts("hakenut", { role: "admin" });
      const free = unknownAddresses("uusi-hakija");
      // Step 1 answers alike for every address (it is not looked up there); only step 2 is timed.
      const drafts = new Map<string, string>();
      for (const email of [...taken, ...free]) drafts.set(email, await completeRegistrationStep1(email));
      const result = await compare(taken, free, (email, i) => postRegistrationStep2(drafts.get(email)!, `192.0.2.${i + 1}`));
      expectIndistinguishable(result);
    });
  });
});
