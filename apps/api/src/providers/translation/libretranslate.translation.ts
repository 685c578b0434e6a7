import type { Language } from '@puente/domain';
import type { TranslationProvider } from './translation.provider';

/**
 * A LibreTranslate server (self-hostable, so health text need not leave the installation):
 * POST {url}/translate { q, source, target, format: 'text', api_key? } -> { translatedText }.
 * Any failure answers "not translated"; the record still shows the text as written.
 */
export class LibreTranslateProvider implements TranslationProvider {
  readonly name = 'libretranslate';
  constructor(
    private readonly url: string,
    private readonly apiKey?: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async translate(text: string, from: Language, to: Language): Promise<string | null> {
    if (from === to || !text.trim()) return null;
    try {
      const res = await fetch(`${this.url.replace(/\/$/, '')}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: text, source: from, target: to, format: 'text', ...(this.apiKey ? { api_key: this.apiKey } : {}) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { translatedText?: unknown };
      return typeof body.translatedText === 'string' ? body.translatedText : null;
    } catch {
      return null;
    }
  }
}
