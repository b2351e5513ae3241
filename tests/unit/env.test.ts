import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "~/env.server";

// Start-up validation of the environment (README "Environment variables"): a bad or missing value
// stops the app with a message naming the variable.

const KEYS = [
  "NODE_ENV", "PORT", "SESSION_SECRET", "ALTCHA_HMAC_KEY", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET",
  "S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE",
  "TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM", "TWILIO_API_URL",
] as const;
// process.env typed loosely: NODE_ENV is declared as a union, but these tests set anything.
const processEnv = process.env as Record<string, string | undefined>;
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));

const SECRET = "a-session-secret-of-sufficient-length";
const ALTCHA_KEY = "a-bot-check-key-of-sufficient-length";

function withEnv(values: Partial<Record<(typeof KEYS)[number], string>>) {
  for (const key of KEYS) delete processEnv[key];
  Object.assign(processEnv, values);
  resetEnvCache();
  return env;
}

afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete processEnv[key];
    else processEnv[key] = saved[key];
  }
  resetEnvCache();
});

describe("env() in production", () => {
  it("starts with both secrets set", () => {
    const config = withEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, ALTCHA_HMAC_KEY: ALTCHA_KEY })();
    expect(config.SESSION_SECRET).toBe(SECRET);
    expect(config.ALTCHA_HMAC_KEY).toBe(ALTCHA_KEY);
  });

  it("refuses to start without SESSION_SECRET, naming it", () => {
    const load = withEnv({ NODE_ENV: "production", ALTCHA_HMAC_KEY: ALTCHA_KEY });
    expect(load).toThrow(/SESSION_SECRET: required in production/);
    expect(load).not.toThrow(/ALTCHA_HMAC_KEY/);
  });

  it("refuses to start without ALTCHA_HMAC_KEY, naming it", () => {
    const load = withEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET });
    expect(load).toThrow(/ALTCHA_HMAC_KEY: required in production/);
    expect(load).not.toThrow(/SESSION_SECRET/);
  });

  it("names both when both are missing, and treats an empty value as missing", () => {
    const load = withEnv({ NODE_ENV: "production", SESSION_SECRET: "", ALTCHA_HMAC_KEY: "" });
    expect(load).toThrow(/SESSION_SECRET: required in production[\s\S]*ALTCHA_HMAC_KEY: required in production/);
  });

  it("refuses secrets shorter than 16 characters", () => {
    expect(withEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, ALTCHA_HMAC_KEY: "short" })).toThrow(/ALTCHA_HMAC_KEY/);
    expect(withEnv({ NODE_ENV: "production", SESSION_SECRET: "short", ALTCHA_HMAC_KEY: ALTCHA_KEY })).toThrow(/SESSION_SECRET/);
  });
});

describe("env() outside production", () => {
  it("needs neither secret: the session secret is made for the data directory", () => {
    const config = withEnv({ NODE_ENV: "test" })();
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(16);
    expect(config.ALTCHA_HMAC_KEY).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it("refuses a bad PORT, naming it", () => {
    expect(withEnv({ NODE_ENV: "test", PORT: "http" })).toThrow(/Invalid environment variables:[\s\S]*PORT:/);
    expect(withEnv({ NODE_ENV: "test", PORT: "70000" })).toThrow(/PORT:/);
    expect(withEnv({ NODE_ENV: "test", PORT: "8080" })().PORT).toBe(8080);
  });

  it("refuses a Stripe key without its webhook secret, naming the secret", () => {
    expect(withEnv({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
  });

  it("reads the S3 bucket's settings, and refuses an access key without its secret", () => {
    const none = withEnv({ NODE_ENV: "test" })();
    expect(none.S3_BUCKET).toBeUndefined();
    expect(none.S3_FORCE_PATH_STYLE).toBe(false);
    const s3 = withEnv({ NODE_ENV: "test", S3_BUCKET: "kuvat", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true", S3_ACCESS_KEY_ID: "id", S3_SECRET_ACCESS_KEY: "secret" })();
    expect([s3.S3_BUCKET, s3.S3_ENDPOINT, s3.S3_REGION, s3.S3_FORCE_PATH_STYLE]).toEqual(["kuvat", "http://127.0.0.1:9000", "us-east-1", true]);
    expect(withEnv({ NODE_ENV: "test", S3_BUCKET: "kuvat", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(withEnv({ NODE_ENV: "test", S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE:/);
    expect(withEnv({ NODE_ENV: "test", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT:/);
  });

  it("reads Twilio's three settings together, and refuses one without the others (decision 0031)", () => {
    expect(withEnv({ NODE_ENV: "test" })().TWILIO_API_URL).toBe("https://api.twilio.com");
    const twilio = withEnv({ NODE_ENV: "test", TWILIO_ACCOUNT_SID: "AC0123456789abcdef", TWILIO_AUTH_TOKEN: "secret-token", TWILIO_FROM: "Arkikaveri" })();
    expect([twilio.TWILIO_ACCOUNT_SID, twilio.TWILIO_FROM]).toEqual(["AC0123456789abcdef", "Arkikaveri"]);
    expect(withEnv({ NODE_ENV: "test", TWILIO_ACCOUNT_SID: "AC0123456789abcdef", TWILIO_FROM: "Arkikaveri" })).toThrow(/TWILIO_AUTH_TOKEN: .*go together/);
    expect(withEnv({ NODE_ENV: "test", TWILIO_ACCOUNT_SID: "sk_0123456789", TWILIO_AUTH_TOKEN: "secret-token", TWILIO_FROM: "Arkikaveri" })).toThrow(/TWILIO_ACCOUNT_SID:/);
  });
});

describe("env() without SESSION_SECRET outside production", () => {
  it("makes a random secret once per data directory and keeps it", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-env-"));
    const savedDataDir = process.env.DATA_DIR;
    try {
      process.env.DATA_DIR = dir;
      const first = withEnv({ NODE_ENV: "development" })().SESSION_SECRET;
      const again = withEnv({ NODE_ENV: "development" })().SESSION_SECRET;
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(again).toBe(first);
      expect(fs.readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
      process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "arkikaveri-env-"));
      expect(withEnv({ NODE_ENV: "development" })().SESSION_SECRET).not.toBe(first);
    } finally {
      if (savedDataDir === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = savedDataDir;
    }
  });

  it("trusts no proxy unless told", () => {
    expect(withEnv({ NODE_ENV: "development" })().TRUST_PROXY).toBe(0);
  });
});
