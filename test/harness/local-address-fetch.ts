// A fetch-like Handle whose TCP connection leaves from a chosen loopback address (127.0.0.2, 127.0.0.3, …): Linux
// routes all of 127.0.0.0/8 to loopback, so one test process can be several clients to the server's peer address.
import { request as httpRequest } from "node:http";
import type { Handle } from "@speed-to-lead/server/testing/console-client";

/**
 * @example const client = consoleClient(fetchFrom("127.0.0.2"), server.baseUrl);
 */
export function fetchFrom(localAddress: string): Handle {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body && !request.headers.has("transfer-encoding")) headers["content-length"] = String(body.length);
    return await new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: request.method,
          headers,
          localAddress,
          agent: false,
          timeout: 30_000,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () => {
            const answer = new Headers();
            for (const [name, value] of Object.entries(incoming.headers))
              for (const one of Array.isArray(value) ? value : [value ?? ""]) answer.append(name, one);
            const status = incoming.statusCode ?? 0;
            const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers: answer }));
          });
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer from ${url} within 30 s`)));
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  };
}
