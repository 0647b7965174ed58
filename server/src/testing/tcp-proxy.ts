// Test helper: a TCP proxy in front of PostgreSQL that a test can cut and restore, a real network outage.
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { freePort } from "@speed-to-lead/tests/harness/postgres";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and stops listening: new connections are refused, as when PostgreSQL stops. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  initiallyUp = true,
): Promise<TcpProxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        track(client);
        const upstream = createConnection({ host: targetHost, port: targetPort });
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  if (initiallyUp) await listen();
  return { port, cut, restore: listen, close: cut };
}
