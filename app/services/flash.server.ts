import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { signedCookie } from "./cookies.server";
import type { Toast } from "../domain/toast";

export type { Toast };

// Values that survive one redirect (a signed cookie, read once): the toast every page shows, and
// the address the sign-in form is filled in with after a password was set. Shown with or without
// JavaScript. The root loader consumes them all; a page that uses one only peeks.

interface FlashData {
  toast: Toast;
  signInEmail: string;
}

type FlashStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>>;
let storage: FlashStorage | undefined;
const flashCookie = signedCookie("__flash");
function flashStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({ cookie: flashCookie() });
  return storage;
}

/** Returns the Set-Cookie header value that carries `flash` to the next request. */
async function flashCookieHeader(request: Request, flash: Partial<FlashData>): Promise<string> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  for (const key of ["toast", "signInEmail"] as const) {
    if (flash[key] !== undefined) session.flash(key, flash[key]);
  }
  return flashStorage().commitSession(session);
}

export function toastCookie(request: Request, toast: Toast): Promise<string> {
  return flashCookieHeader(request, { toast });
}

export async function redirectWithFlash(request: Request, url: string, flash: Partial<FlashData>, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookieHeader(request, flash));
  return redirect(url, { ...init, headers });
}

export function redirectWithToast(request: Request, url: string, toast: Toast, init: ResponseInit = {}) {
  return redirectWithFlash(request, url, { toast }, init);
}

/** Reads and consumes every pending value; the returned header clears them. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  const signInEmail = session.get("signInEmail");
  if (!toast && signInEmail === undefined) return { toast: null, setCookie: null };
  return { toast, setCookie: await flashStorage().commitSession(session) };
}

/** The address to fill in on the sign-in form, if the previous step left one (cleared by the root). */
export async function peekSignInEmail(request: Request): Promise<string | null> {
  const session = await flashStorage().getSession(request.headers.get("Cookie"));
  const email = session.get("signInEmail");
  return typeof email === "string" ? email : null;
}
