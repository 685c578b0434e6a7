import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@puente/domain';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES } from '@/locales';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** spec 9: es is the default; the choice is kept in local storage under 'language'. */
export const getStoredLanguage = (): Language => {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

export const resources = { es: { translation: MESSAGES.es }, en: { translation: MESSAGES.en } } as const;

export const createI18n = (language: Language = getStoredLanguage()): I18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  instance.on('languageChanged', (lng) => {
    if (isLanguage(lng)) {
      writeStorage(STORAGE_KEYS.language, lng);
      document.documentElement.lang = lng;
    }
  });
  document.documentElement.lang = language;
  return instance;
};

export const currentLanguage = (instance: I18n): Language =>
  isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
