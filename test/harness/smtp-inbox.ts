// A real SMTP server on a loopback port for tests (the smtp-server package): every mail it receives, kept as text.

import { freePort } from "@speed-to-lead/server/testing/postgres-cluster";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  /** The whole message as received (headers and body). */
  raw: string;
}

export interface SmtpInbox {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Plain SMTP without authentication or TLS (loopback only).
 *
 * @example const smtp = await startSmtpInbox(); env.SMTP_URL = smtp.url; … smtp.mails[0].raw
 */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
