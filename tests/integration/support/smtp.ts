import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random local port that keeps what it receives. With `rejectRecipients`
 * it answers every RCPT TO with a temporary failure, as a mail server that is having trouble does;
 * with `delayMs` it takes that long to accept each message (a slow server); `onReceived` runs
 * after each message arrives and before it is accepted, and may refuse it by returning an error.
 */
export async function startSmtpServer(
  options: { rejectRecipients?: boolean; delayMs?: number; onReceived?: (count: number) => Error | void | Promise<Error | void> } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.rejectRecipients) return callback();
      const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        // An error returned refuses the message after it arrived (a 4xx at the end of DATA).
        callback((await options.onReceived?.(received.length)) ?? undefined);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
  parts: MimePart[];
}

/**
 * Just enough MIME to read back what nodemailer wrote: multipart nesting, base64 and
 * quoted-printable bodies. Header values stay raw; see `decodeHeader` for encoded words.
 */
export function parseMime(raw: string): MimePart {
  const split = raw.indexOf("\r\n\r\n");
  const headerText = split === -1 ? raw : raw.slice(0, split);
  const bodyText = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of headerText.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }

  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = bodyText.split(`--${boundary}`);
    // The text before the first boundary is a preamble and "--" after the last one closes it.
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith("--"))
      .map((section) => parseMime(section.replace(/^\r\n/, "").replace(/\r\n$/, "")));
    return { headers, body: Buffer.alloc(0), parts };
  }

  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let body: Buffer;
  if (encoding === "base64") body = Buffer.from(bodyText.replace(/\s+/g, ""), "base64");
  else if (encoding === "quoted-printable") body = decodeQuotedPrintable(bodyText);
  else body = Buffer.from(bodyText, "utf8");
  return { headers, body, parts: [] };
}

/** Every leaf part, depth first. */
export function leafParts(part: MimePart): MimePart[] {
  return part.parts.length ? part.parts.flatMap(leafParts) : [part];
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) back to text. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], "utf8"));
    }
  }
  return Buffer.from(bytes);
}
