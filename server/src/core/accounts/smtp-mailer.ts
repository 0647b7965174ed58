// Mail out through SMTP_URL (nodemailer): the console's "forgot password" link is the only mail the server sends.
import { createTransport } from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * `smtpUrl` as nodemailer reads it: smtp://user:pass@host:587 (STARTTLS when offered), smtps://… for TLS from the
 * start. Mail comes from no-reply@ the public host.
 *
 * @example const mailer = smtpMailer("smtp://mail.example.com:587", "https://leads.example.com");
 */
export function smtpMailer(smtpUrl: string, publicUrl: string): Mailer {
  const transport = createTransport(smtpUrl);
  const from = `Speed-to-Lead <no-reply@${new URL(publicUrl).hostname}>`;
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
