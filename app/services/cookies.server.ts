import { createCookie, type Cookie } from "@remix-run/node";
import { env } from "../env.server";

// Every cookie of the app is made here, so they all get the same protection: signed with
// SESSION_SECRET (a tampered value parses as null), httpOnly, SameSite=Lax, Secure in production,
// and path "/" (with JavaScript Remix posts to `/route.data`, which a narrower path would not
// reach).

/**
 * A signed cookie, created on first use (env() is read then, not at import, so tests and scripts
 * can set the environment first). Without `maxAgeSeconds` it lasts as long as the browser session.
 */
export function signedCookie(name: string, maxAgeSeconds?: number): () => Cookie {
  let cookie: Cookie | undefined;
  return () => {
    if (!cookie) {
      const e = env();
      cookie = createCookie(name, {
        httpOnly: true,
        sameSite: "lax",
        secure: e.NODE_ENV === "production",
        path: "/",
        maxAge: maxAgeSeconds,
        secrets: [e.SESSION_SECRET],
      });
    }
    return cookie;
  };
}
