import nodemailer from 'nodemailer';

export type Email = { to: string; subject: string; text: string };
export type Sms = { to: string; text: string };

/** How e-mail and texts leave the platform. null: keep them in the local outbox (svc outbox list). */
export type Channels = {
  email: ((message: Email) => Promise<void>) | null;
  sms: ((message: Sms) => Promise<void>) | null;
};

/** SMTP through nodemailer when SMTP_URL is set; no SMS provider is wired yet, so texts stay local. */
export function channelsFromEnv(env: { smtpUrl?: string; mailFrom: string }): Channels {
  const transport = env.smtpUrl ? nodemailer.createTransport(env.smtpUrl) : null;
  return {
    email: transport
      ? async (message) => {
          await transport.sendMail({
            from: env.mailFrom,
            to: message.to,
            subject: message.subject,
            text: message.text,
          });
        }
      : null,
    sms: null,
  };
}
