// A TCP proxy in front of PostgreSQL that can be cut (every connection dropped, new ones refused, as in a
// network outage or a server restart) and restored. Plain JavaScript because the fault test runs
// under plain node; the integration tests import it too.
import net from "node:net";

/** @param {{ host: string, port: number }} target */
export async function startTcpProxy(target) {
  const sockets = new Set();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: server.address().port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      cut = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
