import type { Language } from '@puente/domain';

/**
 * Translates a clinician's free text (notes, plan) into the reader's language. The record always
 * shows the text as written, labelled with its language; a translation is offered beside it, never
 * instead of it. `null` means "not translated".
 */
export interface TranslationProvider {
  readonly name: string;
  translate(text: string, from: Language, to: Language): Promise<string | null>;
}

/** The offline default: nothing leaves the server, nothing is translated. */
export class NoTranslationProvider implements TranslationProvider {
  readonly name = 'none';
  translate(): Promise<string | null> {
    return Promise.resolve(null);
  }
}

/** TRANSLATION_PROVIDER=libretranslate with TRANSLATION_URL (and TRANSLATION_API_KEY); default none. */
export const translationFromEnv = async (env: Record<string, string | undefined>): Promise<TranslationProvider> => {
  if (env.TRANSLATION_PROVIDER === 'libretranslate' && env.TRANSLATION_URL) {
    const { LibreTranslateProvider } = await import('./libretranslate.translation');
    return new LibreTranslateProvider(env.TRANSLATION_URL, env.TRANSLATION_API_KEY);
  }
  return new NoTranslationProvider();
};
