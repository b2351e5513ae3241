import type { Executor } from "../db.server";
import {
  createFormDraft,
  deleteExpiredFormDrafts,
  deleteFormDraft,
  findFormDraft,
  updateFormDraft,
} from "../models/form-drafts.server";
import { signedCookie } from "./cookies.server";

// The one mechanism behind every multi-step form that keeps typed data on the server
// (STYLE.md principle 3): a row in form_drafts, found through a signed cookie that carries only
// its id. Personal data never travels in the URL or the cookie, the form works without
// JavaScript, and a draft expires on its own. A draft is read only with its kind, so the cookie
// of one form cannot open another form's draft.

export interface DraftStore<T extends object> {
  /** The draft id the browser's cookie names, if the cookie is present and correctly signed. */
  idFrom(request: Request): Promise<string | null>;
  /** The browser's draft, unless it is missing, of another kind or expired. */
  read(executor: Executor, request: Request): Promise<{ id: string; data: T } | null>;
  /**
   * Saves `data` in the draft `id` (a new draft when `id` is null or gone, e.g. expired) and
   * extends its life; returns the Set-Cookie header that names the draft.
   */
  save(executor: Executor, id: string | null, data: T): Promise<string>;
  /** Deletes the draft (e.g. in the transaction that used it). */
  remove(executor: Executor, id: string): Promise<void>;
  /** The Set-Cookie header that forgets the draft in the browser. */
  clearCookie(): Promise<string>;
  /** Deletes expired drafts of this kind (a bounded batch) and returns their data for clean-up. */
  deleteExpired(executor: Executor): Promise<T[]>;
}

export function draftStore<T extends object>(options: { kind: string; cookieName: string; ttlMs: number }): DraftStore<T> {
  const { kind, ttlMs } = options;
  const cookie = signedCookie(options.cookieName, ttlMs / 1000);

  async function idFrom(request: Request): Promise<string | null> {
    const value: unknown = await cookie().parse(request.headers.get("Cookie"));
    return typeof value === "string" && value !== "" ? value : null;
  }

  return {
    idFrom,
    async read(executor, request) {
      const id = await idFrom(request);
      if (!id) return null;
      const draft = await findFormDraft<T>(executor, kind, id);
      return draft ? { id: draft.id, data: draft.data } : null;
    },
    async save(executor, id, rawData) {
      const data = withoutNulCharacters(rawData);
      const expiresAt = new Date(Date.now() + ttlMs);
      let draftId = id;
      if (!draftId || !(await updateFormDraft(executor, { kind, id: draftId, data, expiresAt }))) {
        draftId = await createFormDraft(executor, { kind, data, expiresAt });
      }
      return cookie().serialize(draftId);
    },
    remove(executor, id) {
      return deleteFormDraft(executor, kind, id);
    },
    clearCookie() {
      return cookie().serialize("", { maxAge: 0 });
    },
    deleteExpired(executor) {
      return deleteExpiredFormDrafts<T>(executor, kind);
    },
  };
}

/**
 * PostgreSQL's jsonb cannot hold the NUL character (it refused the whole draft with a 500). Drafts
 * keep what was typed so that it can be shown again; a NUL is nothing anyone typed, so it goes.
 */
function withoutNulCharacters<T>(data: T): T {
  // eslint-disable-next-line no-control-regex
  return JSON.parse(JSON.stringify(data, (_key, value: unknown) => (typeof value === "string" ? value.replace(/\u0000/g, "") : value))) as T;
}
