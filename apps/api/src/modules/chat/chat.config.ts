import path from 'node:path';

/** Chat settings read from the environment (documented in the README's configuration table). */
export interface ChatConfig {
  /**
   * Shared secret the mail gateway sends in x-inbound-email-secret to POST /api/chat/inbound-email.
   * Unset in production = the endpoint refuses every call.
   */
  inboundEmailSecret: string | undefined;
  /** Domain of the reply addresses (reply+<token>@<domain>) of email-channel consultations. */
  replyDomain: string;
  /** Where the local disk storage keeps attachments; undefined = a temporary folder (in-memory database). */
  attachmentsDir: string | undefined;
}

export function chatConfig(env: Record<string, string | undefined>, options: { dataDir: string; emailFrom: string; inboundEmailSecret: string | undefined }): ChatConfig {
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(options.emailFrom)?.[1] ?? 'puente.local';
  return {
    // INBOUND_EMAIL_SECRET, or outside production a random development secret (config.ts).
    inboundEmailSecret: options.inboundEmailSecret,
    replyDomain: env.REPLY_EMAIL_DOMAIN || fromDomain,
    attachmentsDir: env.ATTACHMENTS_DIR || (options.dataDir === 'memory://' ? undefined : path.join(options.dataDir, 'attachments')),
  };
}
