// A TCP link to a real service that a test can cut, freeze and restore: the network between server and database.
import { connect, createServer, type Server, type Socket } from "node:net";

export interface TcpLink {
  port: number;
  /** Resets every open connection and refuses new ones, as an unreachable host does. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  /** Connections stay open but no byte passes either way, as with a hung host or a silent partition. */
  freeze(): void;
  /** Bytes held during a freeze flow again, in order. */
  thaw(): void;
  close(): Promise<void>;
}

/**
 * @example const link = await startTcpLink(5432); // point DATABASE_URL at link.port; await link.cut();
 */
export async function startTcpLink(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpLink> {
  const sockets = new Set<Socket>();
  const pairs = new Set<[Socket, Socket]>();
  let server: Server | undefined;
  let port = 0;
  let frozen = false;

  const join = ([client, upstream]: [Socket, Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  // Unpiped and paused, a socket keeps what arrives in its buffers until it is piped again.
  const hold = ([client, upstream]: [Socket, Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };

  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      const pair: [Socket, Socket] = [client, upstream];
      sockets.add(client).add(upstream);
      pairs.add(pair);
      const closeBoth = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
        pairs.delete(pair);
      };
      if (frozen) hold(pair);
      else join(pair);
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
    pairs.clear();
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
    freeze() {
      frozen = true;
      for (const pair of pairs) hold(pair);
    },
    thaw() {
      frozen = false;
      for (const pair of pairs) join(pair);
    },
    close: stop,
  };
}
