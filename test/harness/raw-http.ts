// Exact bytes over a raw TCP connection, for what fetch cannot send: dot segments, pipelining, broken framing.
import { connect } from "node:net";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RawExchange {
  /** Every response the server sent on this connection, in order. */
  responses: RawResponse[];
  /** True when the server closed the connection before `waitMs` passed. */
  closedByServer: boolean;
}

/** Splits the bytes a server sent into responses (Content-Length framing, which is what this server sends). */
export function parseResponses(raw: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = raw;
  for (;;) {
    const end = rest.indexOf("\r\n\r\n");
    if (end < 0) return responses;
    const [statusLine = "", ...lines] = rest.subarray(0, end).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers["content-length"] ?? 0);
    if (rest.length < end + 4 + length) return responses; // the rest has not arrived yet
    const body = rest.subarray(end + 4, end + 4 + length).toString("utf8");
    responses.push({ status: Number(statusLine.split(" ")[1]), headers, body });
    rest = rest.subarray(end + 4 + length);
  }
}

/**
 * Writes `chunks` (with `gapMs` between them), then collects what comes back until `expectResponses`
 * complete responses arrived, the server closes, or `waitMs` passes. `abortAfterWrite` closes the
 * connection from the client side right after writing.
 *
 * @example const { responses } = await rawExchange(port, ["GET /%2e/metrics HTTP/1.1\r\nHost: localhost\r\n\r\n"]);
 */
export function rawExchange(
  port: number,
  chunks: (string | Uint8Array)[],
  options: { waitMs?: number; gapMs?: number; abortAfterWrite?: boolean; expectResponses?: number } = {},
): Promise<RawExchange> {
  const { waitMs = 2_000, gapMs = 0, abortAfterWrite = false, expectResponses = 1 } = options;
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(received)), closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on("data", (data: Buffer) => {
      received.push(data);
      if (parseResponses(Buffer.concat(received)).length >= expectResponses) finish(false);
    });
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(!abortAfterWrite));
    void (async () => {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0 && gapMs > 0) await Bun.sleep(gapMs);
        if (!socket.destroyed) socket.write(chunk);
      }
      if (abortAfterWrite) {
        await Bun.sleep(50);
        finish(false);
      }
    })();
  });
}

/** A GET request's bytes, path exactly as given. */
export const rawGet = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;

/**
 * The head of a JSON post of a lead with `token`, up to and including the blank line; `framing` adds header
 * lines (each ending in CRLF), such as a Content-Length or a Transfer-Encoding.
 *
 * @example rawExchange(port, [intakePostHead(token, "Content-Length: 2\r\n") + "{}"])
 */
export const intakePostHead = (token: string, framing: string) =>
  `POST ${LEAD_INTAKE_PATH} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${framing}\r\n`;
