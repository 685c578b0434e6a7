import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage, EmailProvider } from './email.provider';

/** Sends email over SMTP with nodemailer (SMTP_URL). */
export class SmtpEmailProvider implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.body, replyTo: message.replyTo, icalEvent: message.calendar ? { method: message.calendar.method, filename: 'invite.ics', content: message.calendar.content } : undefined });
  }
}
