// A TCP link to a real service that a test can cut and restore: the network outage between server and database.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpLink {
  port: number;
  /** Resets every open connection and refuses new ones, as an unreachable host does. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * @example const link = await startTcpLink(5432); // point DATABASE_URL at link.port; await link.cut();
 */
export async function startTcpLink(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpLink> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      sockets.add(client).add(upstream);
      const closeBoth = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.pipe(upstream).pipe(client);
      client.on("error", closeBoth).on("close", closeBoth);
      upstream.on("error", closeBoth).on("close", closeBoth);
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    port = typeof address === "object" && address ? address.port : port;
  };
  const stop = async () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
