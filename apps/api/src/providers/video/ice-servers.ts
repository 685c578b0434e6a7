import { createHmac } from 'node:crypto';
import type { IceServer } from '@puente/contracts';
import { CALL_LIMITS } from '@puente/domain';

/**
 * ICE configuration for the call (issue 5). STUN and TURN addresses come from the environment;
 * TURN credentials are minted per user and expire, with coturn's shared-secret scheme
 * ("use-auth-secret" / "static-auth-secret"): username = "<expiry unix seconds>:<userId>",
 * credential = base64(HMAC-SHA1(secret, username)). coturn recomputes the HMAC, so no credential
 * is stored anywhere and a leaked one stops working at its expiry.
 */
export interface VideoSettings {
  stunUrls: string[];
  turnUrls: string[];
  turnSecret: string | null;
  turnTtlSeconds: number;
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * STUN_URLS (default none: on one machine or a LAN, host candidates connect directly; the demo
 * has no outside network), TURN_URLS (e.g. turn:turn.example.org:3478?transport=udp,turns:...:5349)
 * and TURN_SECRET (coturn's static-auth-secret). TURN without a secret is refused at start-up.
 */
export function loadVideoSettings(env: Record<string, string | undefined>): VideoSettings {
  const turnUrls = list(env.TURN_URLS);
  const turnSecret = env.TURN_SECRET?.trim() || null;
  if (turnUrls.length > 0 && !turnSecret) throw new Error('TURN_URLS is set but TURN_SECRET is not: coturn needs the shared secret');
  const ttl = Number(env.TURN_TTL_SECONDS ?? CALL_LIMITS.turnCredentialTtlSeconds);
  return { stunUrls: list(env.STUN_URLS), turnUrls, turnSecret, turnTtlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : CALL_LIMITS.turnCredentialTtlSeconds };
}

/** coturn's REST-API credential for `userId`, valid until `now + ttl`. */
export function turnCredential(secret: string, userId: string, now: Date, ttlSeconds: number): { username: string; credential: string; expiresAt: Date } {
  const expiry = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt: new Date(expiry * 1000) };
}

export class IceServersProvider {
  constructor(private readonly settings: VideoSettings) {}

  iceServers(userId: string, now: Date): { iceServers: IceServer[]; expiresAt: Date } {
    const servers: IceServer[] = [];
    if (this.settings.stunUrls.length > 0) servers.push({ urls: this.settings.stunUrls });
    let expiresAt = new Date(now.getTime() + this.settings.turnTtlSeconds * 1000);
    if (this.settings.turnUrls.length > 0 && this.settings.turnSecret) {
      const c = turnCredential(this.settings.turnSecret, userId, now, this.settings.turnTtlSeconds);
      servers.push({ urls: this.settings.turnUrls, username: c.username, credential: c.credential });
      expiresAt = c.expiresAt;
    }
    return { iceServers: servers, expiresAt };
  }
}
