import { DEFAULT_LANGUAGE, type Language } from '@puente/domain';
import { ENTRY_FILES, FIRST_PART_FILES, SCREEN_FILES, type ScreenFile } from './entry-files';

/**
 * The translations as the app loads them (issue 10, first load). The default language (es, spec 9)
 * comes in three parts: the files the shell uses (./entry-files.ts) are part of the first script;
 * each entry screen's own file (/login's, /inicio's, /consulta/historial's) loads with that screen
 * (`loadScreenMessages`, see `lazyScreen` in app/route-table.tsx); the rest of its files are one
 * chunk (./es-rest.ts), fetched with the first other screen or once the browser is idle. Every other
 * language is two chunks, its first part (the shell's and the entry screens' files) and the rest
 * (vite.config.ts): when it is the stored choice, the first render waits for the first part only and
 * the rest follows as the default's does; a person who switches to it waits for both. `./index.ts`
 * merges every file eagerly for the tests that compare languages.
 */
export type Messages = Record<string, string>;

// import.meta.glob takes literal patterns only: './es/' is DEFAULT_LANGUAGE, the lists in braces are
// ENTRY_FILES and SCREEN_FILES, here and in ./es-rest.ts (the check below covers this module's globs;
// load.test.ts, that the three parts together are the whole language).
const entryFiles = import.meta.glob<Messages>('./es/{common,titles}.json', { eager: true, import: 'default' });
const screenFiles = import.meta.glob<Messages>('./es/{home,identity,record}.json', { import: 'default' });
const lazyFiles = import.meta.glob<Messages>(['./*/*.json', '!./es/*.json'], { import: 'default' });
/** The default language's other files, one chunk (./es-rest.ts). */
const restOfDefault = (): Promise<Messages> => import('./es-rest').then((m) => m.REST_OF_DEFAULT);

const merge = (parts: readonly Messages[]): Messages => Object.assign({}, ...parts) as Messages;
const languageOf = (path: string): string | undefined => path.split('/')[1];
const firstPartNames: ReadonlySet<string> = new Set(FIRST_PART_FILES.map((name) => `${name}.json`));
const isFirstPartFile = (path: string): boolean => firstPartNames.has(path.split('/')[2] ?? '');
const screenFilePath = (file: ScreenFile): string => `./es/${file}.json`;

if (DEFAULT_LANGUAGE !== 'es') throw new Error('locales/load.ts bundles ./es as the default language');
if (Object.keys(entryFiles).length !== ENTRY_FILES.length || SCREEN_FILES.some((file) => !screenFiles[screenFilePath(file)]))
  throw new Error('locales/load.ts: its globs do not match ENTRY_FILES and SCREEN_FILES');

/** What is loaded of each language; `complete` once all its files are. */
const loaded = new Map<Language, Messages>([[DEFAULT_LANGUAGE, merge(Object.values(entryFiles))]]);
const complete = new Set<Language>();
const loading = new Map<Language, Promise<Messages>>();
const listeners = new Set<(language: Language, messages: Messages) => void>();

/** The messages of a language loaded so far (the default's entry files always are), or undefined. */
export const loadedMessages = (language: Language): Messages | undefined => loaded.get(language);

/** The languages with messages loaded (the default at least partly). */
export const loadedLanguages = (): Language[] => [...loaded.keys()];

/** Whether every file of the language is loaded. */
export const isComplete = (language: Language): boolean => complete.has(language);

/** Called with a language's whole messages when its last files arrive (i18n adds them to its instances). */
export const onMessagesLoaded = (listener: (language: Language, messages: Messages) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Loads every file of a language not loaded yet (a failed load is retried next time). */
export const loadMessages = (language: Language): Promise<Messages> => {
  const ready = loaded.get(language);
  if (ready && complete.has(language)) return Promise.resolve(ready);
  let pending = loading.get(language);
  if (!pending) {
    const files = Object.entries(lazyFiles).filter(([path]) => languageOf(path) === language);
    const parts = language === DEFAULT_LANGUAGE ? [restOfDefault(), ...SCREEN_FILES.map((file) => screenFiles[screenFilePath(file)]!())] : files.map(([, load]) => load());
    pending = Promise.all(parts).then(
      (parts) => {
        const messages = merge([loaded.get(language) ?? {}, ...parts]);
        loaded.set(language, messages);
        complete.add(language);
        loading.delete(language);
        for (const listener of listeners) listener(language, messages);
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

/**
 * Loads the first part of a language nothing of which is loaded yet (the default's entry files
 * are): what the first render of a stored other choice waits for. The rest follows as the default's does.
 */
export const loadEntryMessages = async (language: Language): Promise<Messages> => {
  const ready = loaded.get(language);
  if (ready) return ready;
  const files = Object.entries(lazyFiles).filter(([path]) => languageOf(path) === language && isFirstPartFile(path));
  const parts = await Promise.all(files.map(([, load]) => load()));
  // The whole language may have arrived meanwhile (a switch): keep it.
  if (!loaded.has(language)) loaded.set(language, merge(parts));
  return loaded.get(language)!;
};

/**
 * Completes the language in use (the stored choice; the default when the choice could not be loaded,
 * as the app then shows the default): the default's files beyond the entry ones, or another
 * language's rest. Another language loaded in part stays so until a person switches to it.
 */
export const completeLoadedMessages = (language: Language): Promise<unknown> => {
  const inUse = loaded.has(language) ? language : DEFAULT_LANGUAGE;
  return complete.has(inUse) ? Promise.resolve() : loadMessages(inUse);
};

/** The default language's entry-screen files loaded so far (`loadScreenMessages`). */
const screensLoaded = new Set<ScreenFile>();

/**
 * Loads an entry screen's own file of the default language (what its screen waits for with its
 * code) when the default is the language in use (`language`, the stored choice, is, or its first part
 * could not load) and not whole yet: another language's first part has the file already. Its
 * messages join the loaded ones and the listeners hear of them as of a completed language (an i18n
 * instance adds them before the screen renders). A failed load is retried next time.
 */
export const loadScreenMessages = async (file: ScreenFile, language: Language): Promise<void> => {
  if (language !== DEFAULT_LANGUAGE && loaded.has(language)) return;
  if (complete.has(DEFAULT_LANGUAGE) || screensLoaded.has(file)) return;
  const part = await screenFiles[screenFilePath(file)]!();
  if (complete.has(DEFAULT_LANGUAGE) || screensLoaded.has(file)) return;
  screensLoaded.add(file);
  const messages = merge([loaded.get(DEFAULT_LANGUAGE) ?? {}, part]);
  loaded.set(DEFAULT_LANGUAGE, messages);
  for (const listener of listeners) listener(DEFAULT_LANGUAGE, messages);
};
