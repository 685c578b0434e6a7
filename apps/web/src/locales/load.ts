import { DEFAULT_LANGUAGE, type Language } from '@puente/domain';

/**
 * The translations as the app loads them (issue 10, first load): the default language (es, spec 9)
 * is part of the first script; every other language is its own chunk, fetched before the first
 * render when it is the stored choice, or when a person switches to it. `./index.ts` merges every
 * file eagerly for the tests that compare languages.
 */
export type Messages = Record<string, string>;

// import.meta.glob takes literal patterns only: './es/' is DEFAULT_LANGUAGE (checked below).
const defaultFiles = import.meta.glob<Messages>('./es/*.json', { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<Messages>(['./*/*.json', '!./es/*.json'], { import: 'default' });

const merge = (parts: readonly Messages[]): Messages => Object.assign({}, ...parts) as Messages;
const languageOf = (path: string): string | undefined => path.split('/')[1];

if (DEFAULT_LANGUAGE !== 'es') throw new Error('locales/load.ts bundles ./es as the default language');

const loaded = new Map<Language, Messages>([[DEFAULT_LANGUAGE, merge(Object.values(defaultFiles))]]);
const loading = new Map<Language, Promise<Messages>>();

/** The messages of a language already loaded (the default always is), or undefined. */
export const loadedMessages = (language: Language): Messages | undefined => loaded.get(language);

/** The languages whose messages are loaded. */
export const loadedLanguages = (): Language[] => [...loaded.keys()];

/** Loads a language's messages (one request per language; a failed one is retried next time). */
export const loadMessages = (language: Language): Promise<Messages> => {
  const ready = loaded.get(language);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    const files = Object.entries(lazyFiles).filter(([path]) => languageOf(path) === language);
    pending = Promise.all(files.map(([, load]) => load())).then(
      (parts) => {
        const messages = merge(parts);
        loaded.set(language, messages);
        loading.delete(language);
        return messages;
      },
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
};
