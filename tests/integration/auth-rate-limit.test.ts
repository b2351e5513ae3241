import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { action as authAction } from "~/routes/auth._index";
import { SIGN_IN_LIMITS } from "~/services/rate-limit.server";
import { TEST_PASSWORD, answerOf, contextFor, createTestUser, postRequest } from "./support/auth";

// Brute force: sign-in attempts are limited per account from one client and per client address, in
// PostgreSQL (the rate_limits table), so the limits hold across processes.

async function signIn(email: string, password: string, ip: string) {
  return answerOf(() =>
    authAction({ request: postRequest("/auth?index", { intent: "signin", email, password }), params: {}, context: contextFor(ip) }),
  );
}

describe("sign-in rate limits", () => {
  it("blocks an account from one client after 5 failed attempts in 15 minutes, even with the right password, and says when to retry", async () => {
    await createTestUser({ email: "kohde@example.fi" });
    const attacker = "198.51.100.7";
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAccountAndIp; attempt++) {
      expect((await signIn("kohde@example.fi", `Arvaus${attempt}xx`, attacker)).status).toBe(401);
    }
    const blocked = await signIn("kohde@example.fi", TEST_PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.data.result.error[""]).toEqual(["Liian monta kirjautumisyritystä. Yritä uudelleen 15 minuutin kuluttua."]);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(blocked.headers.get("Set-Cookie")).toBeNull();

    // Counted in the database, where every process sees it.
    const key = `signin_account_ip:kohde@example.fi|${attacker}`;
    const db = await getDb();
    const row = await db.selectFrom("rate_limits").selectAll().where("key", "=", key).executeTakeFirstOrThrow();
    expect(row.points).toBeGreaterThanOrEqual(SIGN_IN_LIMITS.perAccountAndIp);

    // When the window has passed, that client may try again.
    await db.updateTable("rate_limits").set({ expire: sql<number>`0` }).where("key", "=", key).execute();
    expect((await signIn("kohde@example.fi", TEST_PASSWORD, attacker)).status).toBe(302);
  });

  it("cannot be used to lock the owner out: wrong passwords from other clients leave the owner's sign-in alone", async () => {
    await createTestUser({ email: "yllapitaja@example.fi" });
    for (let client = 1; client <= 4; client++) {
      for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perAccountAndIp; attempt++) {
        await signIn("yllapitaja@example.fi", `Kiusaa${attempt}xx`, `198.51.100.${20 + client}`);
      }
      expect((await signIn("yllapitaja@example.fi", TEST_PASSWORD, `198.51.100.${20 + client}`)).status).toBe(429);
    }
    expect((await signIn("yllapitaja@example.fi", TEST_PASSWORD, "198.51.100.60")).status).toBe(302);
  });

  it("forgives earlier failures when the owner signs in successfully", async () => {
    await createTestUser({ email: "unohtelija@example.fi" });
    for (let attempt = 1; attempt < SIGN_IN_LIMITS.perAccountAndIp; attempt++) {
      expect((await signIn("unohtelija@example.fi", "Vaarin12345", "198.51.100.150")).status).toBe(401);
    }
    expect((await signIn("unohtelija@example.fi", TEST_PASSWORD, "198.51.100.150")).status).toBe(302);
    for (let attempt = 1; attempt < SIGN_IN_LIMITS.perAccountAndIp; attempt++) {
      expect((await signIn("unohtelija@example.fi", "Vaarin12345", "198.51.100.150")).status).toBe(401);
    }
  });

  it("blocks a client address after 20 failed attempts, whatever addresses it tries", async () => {
    const ip = "203.0.113.200";
    for (let attempt = 1; attempt <= SIGN_IN_LIMITS.perIp; attempt++) {
      expect((await signIn(`kokeilu${attempt}@example.fi`, "Vaarin12345", ip)).status).toBe(401);
    }
    const blocked = await signIn("uusi-kohde@example.fi", "Vaarin12345", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.data.result.error[""][0]).toMatch(/^Liian monta kirjautumisyritystä\. Yritä uudelleen \d+ minuutin kuluttua\.$/);
    // Another client is not affected.
    expect((await signIn("uusi-kohde@example.fi", "Vaarin12345", "203.0.113.201")).status).toBe(401);
  });

  it("counts a burst of simultaneous guesses, so parallel requests cannot slip past the limit", async () => {
    await createTestUser({ email: "rinnakkain@example.fi" });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn("rinnakkain@example.fi", `Rinnakkain${i}`, "192.0.2.10")),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_LIMITS.perAccountAndIp);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8 - SIGN_IN_LIMITS.perAccountAndIp);
  });
});
