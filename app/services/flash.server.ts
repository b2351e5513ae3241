import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { signedCookie } from "./cookies.server";
import type { Toast } from "../domain/toast";

export type { Toast };

/** A toast that survives a redirect: shown once on the next page, with or without JavaScript. */

const TOAST_KEY = "toast";

type FlashStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
let storage: FlashStorage | undefined;
const flashCookie = signedCookie("__flash");
function flashStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({ cookie: flashCookie() });
  return storage;
}

/** Returns the Set-Cookie header value that carries `toast` to the next request. */
export async function toastCookie(request: Request, toast: Toast): Promise<string> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  session.flash(TOAST_KEY, toast);
  return flashStorage().commitSession(session);
}

export async function redirectWithToast(request: Request, url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return redirect(url, { ...init, headers });
}

/** Reads and consumes the pending toast; the returned header clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  const toast = (session.get(TOAST_KEY) as Toast | undefined) ?? null;
  if (!toast) return { toast: null, setCookie: null };
  return { toast, setCookie: await flashStorage().commitSession(session) };
}
