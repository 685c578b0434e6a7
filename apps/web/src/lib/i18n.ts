import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@puente/domain';
import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { completeLoadedMessages, isComplete, loadedLanguages, loadedMessages, loadEntryMessages, loadMessages, onMessagesLoaded } from '@/locales/load';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** spec 9: es is the default; the choice is kept in local storage under 'language'. */
export const getStoredLanguage = (): Language => {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

/**
 * The rest of the messages of the stored language (see completeLoadedMessages): what a screen or a
 * shell dialog whose messages are not in the entry files (locales/entry-files.ts) waits for.
 */
export const completeStoredLanguage = (): Promise<unknown> => completeLoadedMessages(getStoredLanguage());

/**
 * `load` (a screen's or a dialog's code) once the rest of the stored language's messages are in too;
 * messages that could not load do not hold it back (it shows what is loaded).
 */
export const withRestOfMessages = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([load, completeStoredLanguage().catch(() => undefined)]).then(([loaded]) => loaded);

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
 * default language first. `firstRender` waits for the language's entry files only (the default's
 * are already loaded): the screens that need the rest wait for it (see route-table's lazyScreen).
 */
export const loadLanguage = async (language: Language = getStoredLanguage(), { firstRender = false } = {}): Promise<void> => {
  if (firstRender && language === DEFAULT_LANGUAGE) return;
  // Offline with no cache: the default language shows.
  await (firstRender ? loadEntryMessages(language) : loadMessages(language)).catch(() => undefined);
};

/**
 * Reads the last language asked of an instance. react-i18next's useTranslation hands screens a copy
 * of the instance's own properties (a new one each time the language changes), not the instance:
 * a function stored on the instance is copied with them and still reads the real one.
 */
const CHOSEN = Symbol('chosen language');
type WithChoice = I18n & { [CHOSEN]?: () => string | undefined };

/**
 * A sentence's period right after a time that ends with its own: Mexican Spanish writes "6:00 a.m.",
 * and "Con Lucía, el miércoles, 2 de diciembre, 6:00 a.m.. Te enviamos..." read two. Every message
 * passes through it (i18next's post-processing): one period stays.
 */
const ABBREVIATED_TIME_THEN_PERIOD = /(\b[ap]\.\s?m\.)\./g;
const onePeriod = { type: 'postProcessor' as const, name: 'one-period', process: (value: string): string => value.replace(ABBREVIATED_TIME_THEN_PERIOD, '$1') };

/** A language whose messages are not loaded yet starts in the default (load it first with loadLanguage). */
export const createI18n = (language: Language = getStoredLanguage()): I18n => {
  const instance = i18next.createInstance();
  /** A message was asked for that the instance did not have (see onMessagesLoaded below). */
  let missingShown = false;
  const ready = loadedMessages(language) ? language : DEFAULT_LANGUAGE;
  void instance.use(lazyLanguages).use(onePeriod).use(initReactI18next).init({
    resources: loadedResources(),
    // Other languages come from the backend above when changeLanguage asks for them.
    partialBundledLanguages: true,
    lng: ready,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes
    postProcess: [onePeriod.name],
    initAsync: false,
    returnNull: false,
    // The default language's later files re-render what is shown (issue 10: see locales/load.ts)...
    react: { bindI18nStore: 'added' },
    // ...when something shown asked for a message that was not there yet (the handler below).
    saveMissing: true,
    missingKeyHandler: () => {
      missingShown = true;
    },
  });
  // The rest of a language loaded in part (the default's later files) joins this instance when it
  // arrives. The default's rest re-renders the screens (the store's 'added') only if one of them
  // asked for a message missing until then: most screens' messages are all in the entry files, and
  // re-rendering every screen for nothing was a long task on a phone right after the page had
  // settled (issue 10). Another language's rest always does: a message it lacked may have been
  // shown in the default language (the fallback), which the handler does not hear of.
  // The messages are the loader's own (never changed): i18next need not copy them. They are the
  // language's whole set (what the instance has and the rest), flat keys: added with a shallow
  // merge, not i18next's deep one, which set the rest's keys one at a time (9 ms of a desktop CPU,
  // a long task on a phone's, after the first screen: issue 10, TBT).
  onMessagesLoaded((language, messages) => {
    const silent = language === DEFAULT_LANGUAGE && !missingShown;
    missingShown = false;
    instance.addResourceBundle(language, 'translation', messages, false, true, { silent, skipCopy: true });
  });
  // i18next asks the backend only for a language it has nothing of: switching to one loaded in part
  // (the default) first loads the rest of it, so the screen never shows a key.
  // The choice is kept at once, not when its messages have arrived: a reload right after choosing
  // (a link followed, the page left) opens in the chosen language.
  const changeLanguage = instance.changeLanguage.bind(instance);
  // The language asked for is the choice even when its messages could not be loaded (the app then
  // shows the default): a member who chose English, back from her identity provider on a failing
  // connection, still gets an English account.
  let requested: string | undefined = language;
  (instance as WithChoice)[CHOSEN] = () => requested;
  instance.changeLanguage = (lng, callback) => {
    if (lng !== undefined) requested = lng;
    if (isLanguage(lng)) writeStorage(STORAGE_KEYS.language, lng);
    if (!isLanguage(lng) || isComplete(lng) || !loadedMessages(lng)) return changeLanguage(lng, callback);
    // A later choice made while these messages load wins.
    const change = () => (requested === lng ? changeLanguage(lng, callback) : Promise.resolve(instance.t));
    return loadMessages(lng).then(change, change);
  };
  instance.on('languageChanged', (lng) => {
    if (isLanguage(lng)) {
      writeStorage(STORAGE_KEYS.language, lng);
      document.documentElement.lang = lng;
    }
  });
  // Not in the build's prerender (src/prerender/entry.tsx), which has no document.
  if (typeof document !== 'undefined') document.documentElement.lang = ready;
  return instance;
};

export const currentLanguage = (instance: I18n): Language =>
  isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;

/**
 * The language the person chose, even while its messages are still loading: what she did is
 * recorded in her choice (a tap on "start" right after choosing English is an English start).
 */
export const chosenLanguage = (instance: I18n): Language => {
  const asked = (instance as WithChoice)[CHOSEN]?.();
  return isLanguage(asked) ? asked : currentLanguage(instance);
};
