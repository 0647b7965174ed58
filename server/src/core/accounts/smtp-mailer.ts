// Mail out through SMTP_URL (nodemailer): password-reset links, invitations, and what owners are told (a change to
// their account's owners, a new password, a sign-in from a new browser).

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * `smtpUrl` as nodemailer reads it: smtps://… for TLS from the start, smtp://user:pass@host:587 with STARTTLS
 * required (a server that does not offer it, or a downgrade on the way, fails the mail rather than sending links in
 * clear). `insecure` (SMTP_INSECURE=true) allows plain SMTP, for a relay on the same machine. Mail comes from
 * no-reply@ the public host.
 *
 * @example const mailer = smtpMailer("smtp://mail.example.com:587", "https://leads.example.com");
 */
export function smtpMailer(smtpUrl: string, publicUrl: string, { insecure = false } = {}): Mailer {
  const implicitTls = new URL(smtpUrl).protocol === "smtps:";
  // Loaded only by a server that mails (SMTP_URL set): the module and its dependencies weigh about 2 MiB resident.
  const transport = import("nodemailer").then(({ createTransport }) =>
    createTransport({
      url: smtpUrl,
      requireTLS: !insecure && !implicitTls,
      ignoreTLS: insecure,
    }),
  );
  const from = `Speed-to-Lead <no-reply@${new URL(publicUrl).hostname}>`;
  return {
    async send(mail) {
      await (await transport).sendMail({ from, ...mail });
    },
  };
}
