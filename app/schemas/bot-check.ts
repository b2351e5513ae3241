// The bot check's form field names and messages, shared by the component
// (app/components/bot-check.tsx) and the server (app/services/bot-check.server.ts).

export const BOT_CHECK_FIELDS = {
  /** The ALTCHA widget's hidden input: base64 JSON of the challenge and its solution. */
  altcha: "altcha",
  /** The signed question token of the no-JavaScript form. */
  questionToken: "botCheckToken",
  /** The visitor's answer to the question; bot-check errors are reported on this field name. */
  answer: "botCheck",
} as const;

/** Spec 001 §9: the widget waits 30 s for a result. */
export const BOT_CHECK_WIDGET_TIMEOUT_MS = 30_000;

/** Where the widget fetches its challenge (app/routes/api.altcha-challenge.ts). */
export const ALTCHA_CHALLENGE_URL = "/api/altcha-challenge";

/** What a form renders for the no-JavaScript bot check (from createBotCheck() in its loader). */
export interface BotCheckChallenge {
  /** "Paljonko on A + B?" */
  question: string;
  /** Signed and single-use; goes back in a hidden field. */
  token: string;
}
