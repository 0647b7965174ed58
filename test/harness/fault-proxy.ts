// A TCP proxy in front of the real server that loses responses on purpose, after the server has answered.
import { connect, createServer, type Socket } from "node:net";

export type Fault =
  /** Forward the request, then close the client's connection when the response starts: the answer is lost. */
  | { kind: "drop-response" }
  /** Forward the request, hold the response `ms` milliseconds, then drop it (a client timeout fires first). */
  | { kind: "stall-then-drop"; ms: number }
  /** Forward the request, swallow the real response and answer 502 as a failing gateway would. */
  | { kind: "bad-gateway" };

export interface FaultProxy {
  baseUrl: string;
  /** Connections accepted so far. */
  readonly connections: number;
  /** Responses the proxy lost on purpose. */
  readonly faults: number;
  close(): Promise<void>;
}

const BAD_GATEWAY =
  "HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\ncontent-length: 11\r\nconnection: close\r\n\r\nBad Gateway";

/**
 * The first `faults.length` connections get those faults in order; later ones pass through untouched.
 * A fault fires only once the server has started its response, so the lead is committed by then.
 *
 * @example const proxy = await startFaultProxy(server.port, [{ kind: "drop-response" }]);
 */
export async function startFaultProxy(upstreamPort: number, faults: Fault[]): Promise<FaultProxy> {
  let connections = 0;
  let faulted = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const fault = faults[connections++];
    const upstream = connect(upstreamPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("data", (chunk) => upstream.write(chunk));
    client.on("error", closeBoth).on("close", closeBoth);
    upstream.on("error", closeBoth).on("close", closeBoth);
    let fired = false;
    upstream.on("data", (chunk) => {
      if (!fault) return void client.write(chunk);
      if (fired) return;
      fired = true;
      faulted++;
      if (fault.kind === "drop-response") closeBoth();
      else if (fault.kind === "bad-gateway") client.end(BAD_GATEWAY, () => upstream.destroy());
      else setTimeout(closeBoth, fault.ms);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    get faults() {
      return faulted;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
