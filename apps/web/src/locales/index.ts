import { LANGUAGES, type Language } from '@puente/domain';

/**
 * Translations live in one file per feature and language (`locales/<lang>/<feature>.json`), so
 * features can add their keys without touching each other's files. They merge into one
 * namespace here; a key must be defined in exactly one file (the locales test checks it).
 */
type Messages = Record<string, string>;
const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

export interface LocaleFile {
  language: Language;
  name: string;
  messages: Messages;
}

export const LOCALE_FILES: readonly LocaleFile[] = Object.entries(files).flatMap(([path, messages]) => {
  const [, language, file] = path.split('/');
  if (!language || !file || !(LANGUAGES as readonly string[]).includes(language)) return [];
  return [{ language: language as Language, name: file.replace(/\.json$/, ''), messages }];
});

export const MESSAGES: Record<Language, Messages> = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.assign({}, ...LOCALE_FILES.filter((f) => f.language === language).map((f) => f.messages)) as Messages,
  ]),
) as Record<Language, Messages>;
