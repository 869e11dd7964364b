/** Mail over SMTP with nodemailer (`tabula serve --smtp smtp://user:pass@host:port`). */
import nodemailer from 'nodemailer';

export interface MailMessage { to: string; subject: string; text: string; html: string; messageId: string; unsubscribe: string | null }

export interface Mailer {
  send(m: MailMessage): Promise<void>;
  close(): void;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m) {
      await transport.sendMail({
        from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId,
        ...(m.unsubscribe ? { list: { unsubscribe: { url: m.unsubscribe, comment: 'Unsubscribe' } }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      });
    },
    close() { transport.close(); },
  };
}
