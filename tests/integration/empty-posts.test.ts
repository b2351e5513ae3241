import type { AddressInfo } from "node:net";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejectCrossSiteRequests } from "~/services/csrf.server";
import { enforceRequestLimits } from "~/services/request-limits.server";
import { answerOf, contextFor, createTestUser, sessionCookieFor } from "./support/auth";
import { discoverRouteFiles, sampleUrl } from "./support/routes";

// Issue 31, finding 3: `curl -X POST …/auth` (also with Content-Length: 0 or text/plain) answered
// 500 on 47 of 96 routes, because every action reads its body as a form and the parser throws on
// anything else. Every route module with an action, found by reading app/routes (so a route added
// later is covered), is mounted behind the same request guards as server.ts, and raw HTTP
// requests (exactly what curl sends, nothing a fetch client would add) must get a 4xx.

type Action = (args: { request: Request; params: Record<string, string>; context: ReturnType<typeof contextFor> }) => unknown;

const routeFiles = discoverRouteFiles();
const modules = (await Promise.all(routeFiles.map((route) => import(route.file)))) as Array<{ action?: Action }>;
const actionRoutes = routeFiles
  .map((route, index) => ({ ...route, action: modules[index]!.action, ...sampleUrl(route.id) }))
  .filter((route): route is typeof route & { action: Action } => typeof route.action === "function");

const VISITORS = ["anonymous", "customer", "caregiver", "admin"] as const;
const cookies: Partial<Record<(typeof VISITORS)[number], string>> = {};

let server: ReturnType<express.Express["listen"]>;
let port = 0;

beforeAll(async () => {
  cookies.customer = await sessionCookieFor(await createTestUser({ email: "tyhja-asiakas@example.fi" }));
  cookies.caregiver = await sessionCookieFor(await createTestUser({ email: "tyhja-kaveri@example.fi", userType: "caregiver" }));
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "tyhja-admin@example.fi", role: "admin" }));
  const app = express();
  // The guards in server.ts's order, then each action called as Remix would call it; an action
  // that throws anything but a Response is the 500 Remix would answer.
  app.use(rejectCrossSiteRequests);
  app.use(enforceRequestLimits);
  for (const route of actionRoutes) {
    app.post([route.pathname, `${route.pathname}.data`], async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(`http://localhost:3000${req.originalUrl}`, {
        method: "POST",
        headers,
        body: body.length > 0 ? body : req.get("Content-Length") === "0" ? "" : undefined,
      });
      try {
        const answer = await answerOf(() => route.action({ request, params: route.params, context: contextFor() }));
        if (answer.location) res.setHeader("Location", answer.location);
        res.status(answer.status).end();
      } catch {
        res.status(500).end();
      }
    });
  }
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends exactly these bytes (no header added by a client library); the status and Location. */
function rawPost(pathname: string, headerLines: string[], body = ""): Promise<{ status: number; location: string | null }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.setEncoding("latin1");
    socket.on("connect", () => {
      socket.write([`POST ${pathname} HTTP/1.1`, "Host: localhost:3000", "Connection: close", ...headerLines, "", body].join("\r\n"));
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
      const head = received.indexOf("\r\n\r\n");
      if (head === -1) return;
      socket.destroy();
      const lines = received.slice(0, head).split("\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? "")?.[1]);
      const location = lines.find((line) => /^location:/i.test(line))?.replace(/^location:\s*/i, "") ?? null;
      resolve({ status, location });
    });
    socket.on("error", reject);
    socket.on("end", () => reject(new Error(`no answer from ${pathname}: ${received.slice(0, 80)}`)));
  });
}

const ODD_BODIES: Array<{ name: string; headers: string[]; body?: string }> = [
  { name: "no body and no headers (curl -X POST)", headers: [] },
  { name: "Content-Length: 0 without a type", headers: ["Content-Length: 0"] },
  { name: "text/plain, empty", headers: ["Content-Type: text/plain", "Content-Length: 0"] },
  { name: "text/plain with text", headers: ["Content-Type: text/plain", "Content-Length: 5"], body: "a=b&c" },
  { name: "JSON", headers: ["Content-Type: application/json", "Content-Length: 2"], body: "{}" },
  { name: "multipart without a boundary", headers: ["Content-Type: multipart/form-data", "Content-Length: 3"], body: "x=y" },
  { name: "multipart, empty", headers: ["Content-Type: multipart/form-data; boundary=abc", "Content-Length: 0"] },
  {
    name: "multipart that never closes",
    headers: ["Content-Type: multipart/form-data; boundary=abc", "Content-Length: 23"],
    body: '--abc\r\ncontent-disposit',
  },
  { name: "an unknown type", headers: ["Content-Type: application/octet-stream", "Content-Length: 4"], body: "\u0000\u0001\u0002\u0003" },
];

describe("posts that are not forms", () => {
  it("finds the action routes in app/routes", () => {
    const paths = actionRoutes.map((route) => route.pathname);
    for (const pathname of ["/auth", "/auth/unohtunut-salasana", "/rekisteroidy-kaveriksi", "/varaa/yhteystiedot", "/portal/profile", "/backoffice/settings"]) {
      expect(paths).toContain(pathname);
    }
    expect(actionRoutes.length).toBeGreaterThan(30);
  });

  for (const route of actionRoutes) {
    it(`${route.id} answers 4xx, never 500`, async () => {
      for (const visitor of VISITORS) {
        const cookie = cookies[visitor];
        // The page's own address and the one Remix posts to with JavaScript.
        for (const pathname of [route.pathname, `${route.pathname}.data`]) {
          for (const odd of ODD_BODIES) {
            const { status, location } = await rawPost(pathname, [...odd.headers, ...(cookie ? [`Cookie: ${cookie}`] : [])], odd.body);
            const what = `${visitor} ${pathname}: ${odd.name} → ${status} ${location ?? ""}`;
            // The payment provider's webhook reads its own JSON and answers for itself.
            if (pathname.startsWith("/api/")) expect(status, what).toBeLessThan(500);
            // The photo forms take multipart; a visitor who is not signed in is first sent to sign in.
            else if (status === 302 && visitor === "anonymous" && odd.headers.some((h) => h.includes("boundary="))) {
              expect(location, what).toMatch(/^\/auth\?redirectTo=/);
            } else expect(status >= 400 && status < 500, what).toBe(true);
          }
        }
      }
    });
  }

  it("still takes a browser's form with no fields (the sign-out button)", async () => {
    const { status } = await rawPost("/auth/kirjaudu-ulos", ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 0"]);
    expect(status).toBe(302);
  });
});
