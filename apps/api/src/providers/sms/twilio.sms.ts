import type { SmsProvider } from './sms.provider';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** A phone number (+1...) or a Messaging Service SID (MG...). */
  from: string;
  fetch?: typeof fetch;
}

/** Sends SMS through Twilio's REST API (Messages resource) with plain fetch. */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  constructor(private readonly options: TwilioOptions) {}

  async send(message: { to: string; body: string }): Promise<void> {
    const { accountSid, authToken, from } = this.options;
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
    const doFetch = this.options.fetch ?? fetch;
    const response = await doFetch(`https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      // Twilio's error body names the problem without echoing the message text.
      const detail = await response.text().catch(() => '');
      throw new Error(`Twilio SMS failed with HTTP ${response.status}: ${detail.slice(0, 300)}`);
    }
  }
}
