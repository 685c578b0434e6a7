export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  body: string;
  /** Where replies go (email-channel consultations thread replies by this address). */
  replyTo?: string;
  /** A calendar invitation (text/calendar, .ics) sent with the message (scheduling, issue 13). */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

/** Sends email. The outbox adapter is the working local default. */
export interface EmailProvider {
  readonly name: string;
  send(message: EmailMessage): Promise<void>;
}
