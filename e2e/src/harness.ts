import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** The flags every browser test uses (DEVELOPERS.md): this machine has no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Added for calls: a fake camera and microphone that need no permission prompt. */
export const MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

export interface BrowserOptions {
  media?: boolean;
  viewport?: { width: number; height: number };
  locale?: string;
}

/** Launches Debian Chromium with a fresh profile, runs `fn`, and always closes the browser. */
export async function withBrowser<T>(fn: (ctx: BrowserContext) => Promise<T>, options: BrowserOptions = {}): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'puente-chromium-'));
  const ctx = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.media ? MEDIA_ARGS : [])],
    viewport: options.viewport ?? { width: 390, height: 844 },
    locale: options.locale ?? 'es-MX',
  });
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
  createdAt: string;
}

/** Reads the newest one-time code sent to `phone` from the dev outbox (waits for it to arrive). */
export async function codeFromOutbox(baseUrl: string, phone: string, notBefore?: Date): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
    if (res.ok) {
      const body = (await res.json()) as { messages: OutboxMessage[] };
      const msg = body.messages.find((m) => m.to === phone && (!notBefore || new Date(m.createdAt) >= notBefore));
      const code = msg?.body.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no code reached the outbox for ${phone}`);
}

/** A unique phone number of a supported country for each test (10 digits after the code). */
export function uniquePhone(code: '1' | '52' | '57'): { code: typeof code; digits: string; full: string } {
  const first = code === '1' ? '415' : code === '52' ? '551' : '300';
  const digits = first + String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return { code, digits, full: `+${code}${digits}` };
}

/** Saves a screenshot under test-results/ when SCREENSHOTS=1 (for looking at a screen by eye). */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: join(process.cwd(), 'test-results', `${name}.png`), fullPage: true });
}
