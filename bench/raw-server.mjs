// The yardstick of `npm run bench`: plain node:http answering each path with bytes read from a
// JSON file ({ "/path": "<html…>" }), in a process of its own like the app.
import { readFileSync } from "node:fs";
import http from "node:http";

const [port, file] = process.argv.slice(2);
const bodies = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8"))).map(([path, html]) => [path, Buffer.from(html)]));
const fallback = bodies.values().next().value;
http
  .createServer((request, response) => {
    const body = bodies.get(request.url) ?? fallback;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
