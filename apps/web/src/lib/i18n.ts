import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@puente/domain';
import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadedLanguages, loadedMessages, loadMessages } from '@/locales/load';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** spec 9: es is the default; the choice is kept in local storage under 'language'. */
export const getStoredLanguage = (): Language => {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

/** The loaded languages' messages, as i18next resources (one namespace). */
const loadedResources = (): Resource =>
  Object.fromEntries(loadedLanguages().map((language) => [language, { translation: loadedMessages(language)! }]));

/** i18next asks this backend for a language it does not have yet (changeLanguage waits for it). */
const lazyLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) return callback(null, {});
    loadMessages(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/**
 * Loads the stored (or given) language before the first render, so the app never flashes the
 * default language first. The default is already loaded.
 */
export const loadLanguage = async (language: Language = getStoredLanguage()): Promise<void> => {
  await loadMessages(language).catch(() => undefined); // offline with no cache: the default language shows
};

/** A language whose messages are not loaded yet starts in the default (load it first with loadLanguage). */
export const createI18n = (language: Language = getStoredLanguage()): I18n => {
  const instance = i18next.createInstance();
  const ready = loadedMessages(language) ? language : DEFAULT_LANGUAGE;
  void instance.use(lazyLanguages).use(initReactI18next).init({
    resources: loadedResources(),
    // Other languages come from the backend above when changeLanguage asks for them.
    partialBundledLanguages: true,
    lng: ready,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  // The choice is kept as soon as it is made: the chosen language's messages may still be on their
  // way (they load lazily), and a reload meanwhile must still open in that language.
  instance.on('languageChanging', (lng) => {
    if (isLanguage(lng)) writeStorage(STORAGE_KEYS.language, lng);
  });
  instance.on('languageChanged', (lng) => {
    if (isLanguage(lng)) {
      writeStorage(STORAGE_KEYS.language, lng);
      document.documentElement.lang = lng;
    }
  });
  document.documentElement.lang = ready;
  return instance;
};

export const currentLanguage = (instance: I18n): Language =>
  isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
