/** Sends text messages. The outbox adapter is the working local default (spec README). */
export interface SmsProvider {
  readonly name: string;
  send(message: { to: string; body: string }): Promise<void>;
}
