import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@puente/domain';
import { LOCALE_FILES, MESSAGES } from './index';

// The setup loads every language whole; each story here starts from a first load (fresh modules).
beforeEach(() => vi.resetModules());

/** The default's entry files (in the first script), or another language's first part. */
const entryMessages = async (language: Language = 'es') => {
  const { ENTRY_FILES, FIRST_PART_FILES } = await import('./entry-files');
  const names: readonly string[] = language === 'es' ? ENTRY_FILES : FIRST_PART_FILES;
  return Object.assign({}, ...LOCALE_FILES.filter((f) => f.language === language && names.includes(f.name)).map((f) => f.messages)) as Record<string, string>;
};
const DASHBOARD_KEY = Object.keys(LOCALE_FILES.find((f) => f.language === 'es' && f.name === 'dashboard')!.messages)[0]!;

/**
 * Renders, with these fresh modules, a screen that shows the message `key` in an i18n instance made
 * for `language`, counting its renders. (Their own testing library: the setup's cleanup does not
 * know this render, so the test unmounts it.)
 */
const showing = async (key: string, language: Language) => {
  const { createI18n } = await import('@/lib/i18n');
  const { I18nextProvider, useTranslation } = await import('react-i18next');
  const { render } = await import('@testing-library/react');
  const { createElement } = await import('react');
  const i18n = createI18n(language);
  const counted = { renders: 0 };
  function Screen() {
    const { t } = useTranslation();
    counted.renders += 1;
    return createElement('p', { 'data-testid': 'shown' }, t(key));
  }
  const view = render(createElement(I18nextProvider, { i18n }, createElement(Screen)));
  return { i18n, counted, view };
};

describe('the default language loads in two parts (issue 10, first load)', () => {
  it('starts with the entry files only, then completes once, telling its listeners', async () => {
    const load = await import('./load');
    expect(load.loadedMessages('es')).toEqual(await entryMessages());
    expect(load.loadedMessages('es')![DASHBOARD_KEY]).toBeUndefined();
    expect(load.isComplete('es')).toBe(false);
    expect(load.loadedLanguages()).toEqual(['es']);

    const heard: string[] = [];
    load.onMessagesLoaded((language, messages) => heard.push(`${language}:${Object.keys(messages).length}`));
    await Promise.all([load.completeLoadedMessages('es'), load.completeLoadedMessages('es')]);
    expect(load.loadedMessages('es')).toEqual(MESSAGES.es);
    expect(load.isComplete('es')).toBe(true);
    expect(heard).toEqual([`es:${Object.keys(MESSAGES.es).length}`]);
    expect(await load.loadMessages('en')).toEqual(MESSAGES.en);
  });

  it('a screen rendered before the rest arrives gets it, and switching to the default waits for it', async () => {
    const { createI18n, loadLanguage } = await import('@/lib/i18n');
    await loadLanguage('en');
    const i18n = createI18n('es');
    expect(i18n.exists(DASHBOARD_KEY)).toBe(false);
    const { completeLoadedMessages } = await import('./load');
    await completeLoadedMessages('es');
    expect(i18n.t(DASHBOARD_KEY)).toBe(MESSAGES.es[DASHBOARD_KEY]);

    vi.resetModules();
    const fresh = await import('@/lib/i18n');
    await fresh.loadLanguage('en');
    const english = fresh.createI18n('en');
    await english.changeLanguage('es');
    expect(english.language).toBe('es');
    expect(english.t(DASHBOARD_KEY)).toBe(MESSAGES.es[DASHBOARD_KEY]);
  });

  it('the rest re-renders the screens only if one of them asked for a message it did not have yet', async () => {
    const ENTRY_KEY = Object.keys(await entryMessages())[0]!;
    const { completeLoadedMessages } = await import('./load');

    // Every message it shows is in the entry files: the rest joins without re-rendering it.
    const entryOnly = await showing(ENTRY_KEY, 'es');
    expect(entryOnly.counted.renders).toBe(1);
    await completeLoadedMessages('es');
    expect(entryOnly.i18n.t(DASHBOARD_KEY)).toBe(MESSAGES.es[DASHBOARD_KEY]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entryOnly.counted.renders).toBe(1);
    entryOnly.view.unmount();

    // It showed a message of the rest before it came (its key): it is re-rendered with the message.
    vi.resetModules();
    const waiting = await showing(DASHBOARD_KEY, 'es');
    expect(waiting.view.getByTestId('shown').textContent).toBe(DASHBOARD_KEY);
    await (await import('./load')).completeLoadedMessages('es');
    await vi.waitFor(() => expect(waiting.view.getByTestId('shown').textContent).toBe(MESSAGES.es[DASHBOARD_KEY]));
    waiting.view.unmount();
  });

  it("another language's rest re-renders what is shown: a message it lacked was shown in the default language", async () => {
    const { loadLanguage } = await import('@/lib/i18n');
    const load = await import('./load');
    await load.loadMessages('es');
    await loadLanguage('en', { firstRender: true });
    const { view } = await showing(DASHBOARD_KEY, 'en');
    expect(view.getByTestId('shown').textContent).toBe(MESSAGES.es[DASHBOARD_KEY]); // the fallback
    await load.loadMessages('en');
    await vi.waitFor(() => expect(view.getByTestId('shown').textContent).toBe(MESSAGES.en[DASHBOARD_KEY]));
    view.unmount();
  });

  it("an entry screen's own file joins the default's messages when its screen loads, heard by every i18n instance, once", async () => {
    const load = await import('./load');
    const { createI18n } = await import('@/lib/i18n');
    const home = LOCALE_FILES.find((f) => f.language === 'es' && f.name === 'home')!.messages;
    const HOME_KEY = Object.keys(home)[0]!;
    const i18n = createI18n('es');
    expect(i18n.exists(HOME_KEY)).toBe(false);
    const heard: string[] = [];
    load.onMessagesLoaded((language) => heard.push(language));
    await Promise.all([load.loadScreenMessages('home', 'es'), load.loadScreenMessages('home', 'es')]);
    expect(i18n.t(HOME_KEY)).toBe(home[HOME_KEY]);
    expect(load.loadedMessages('es')).toEqual({ ...(await entryMessages()), ...home });
    expect(load.isComplete('es')).toBe(false);
    expect(heard).toEqual(['es']);
    // The whole language then completes with the rest and the other screens' files.
    await load.completeLoadedMessages('es');
    expect(load.loadedMessages('es')).toEqual(MESSAGES.es);
    await load.loadScreenMessages('record', 'es');
    expect(heard).toEqual(['es', 'es']);
  });

  it("a member whose language is another: its first part has the entry screens' files, the default's are not loaded for them", async () => {
    const load = await import('./load');
    const { loadLanguage } = await import('@/lib/i18n');
    await loadLanguage('en', { firstRender: true });
    await load.loadScreenMessages('identity', 'en');
    expect(load.loadedMessages('es')).toEqual(await entryMessages());
    // Her first part could not load (offline): the default shows, with the screen's file.
    vi.resetModules();
    const fresh = await import('./load');
    await fresh.loadScreenMessages('identity', 'en');
    const identity = LOCALE_FILES.find((f) => f.language === 'es' && f.name === 'identity')!.messages;
    expect(fresh.loadedMessages('es')).toEqual({ ...(await entryMessages()), ...identity });
  });

  it("a stored other language: the first render waits for its first part only (the shell's and the entry screens' files), the rest follows as the default's does", async () => {
    const { createI18n, loadLanguage } = await import('@/lib/i18n');
    const load = await import('./load');
    await loadLanguage('en', { firstRender: true });
    expect(load.loadedMessages('en')).toEqual(await entryMessages('en'));
    expect(load.isComplete('en')).toBe(false);
    const i18n = createI18n('en');
    expect(i18n.language).toBe('en');
    expect(i18n.exists(DASHBOARD_KEY)).toBe(false);
    // The first other screen (or the browser once idle) completes the language in use, not the
    // default's rest, which she would not read.
    await load.completeLoadedMessages('en');
    expect(load.isComplete('en')).toBe(true);
    expect(load.loadedMessages('en')).toEqual(MESSAGES.en);
    expect(i18n.t(DASHBOARD_KEY)).toBe(MESSAGES.en[DASHBOARD_KEY]);
    expect(load.isComplete('es')).toBe(false);
    // Switching to Spanish waits for the rest of it.
    await i18n.changeLanguage('es');
    expect(load.isComplete('es')).toBe(true);
    expect(i18n.t(DASHBOARD_KEY)).toBe(MESSAGES.es[DASHBOARD_KEY]);
  });

  it('a stored choice that could not load (offline): the default shows, and its rest is what completes', async () => {
    const load = await import('./load');
    expect(load.loadedMessages('en')).toBeUndefined();
    await load.completeLoadedMessages('en');
    expect(load.isComplete('es')).toBe(true);
    expect(load.loadedMessages('en')).toBeUndefined();
  });

  it('a choice is kept at once (a reload before its messages arrive opens in it), and the last choice wins', async () => {
    const { chosenLanguage, createI18n } = await import('@/lib/i18n');
    const i18n = createI18n('es');
    const english = i18n.changeLanguage('en'); // English is not loaded yet in these fresh modules
    expect(window.localStorage.getItem('language')).toBe('en');
    // What she does meanwhile is done in her choice (the tracked language of a quick tap).
    expect(i18n.language).toBe('es');
    expect(chosenLanguage(i18n)).toBe('en');
    await english;
    expect(i18n.language).toBe('en');

    const spanish = i18n.changeLanguage('es'); // waits for the rest of Spanish
    const englishAgain = i18n.changeLanguage('en');
    await Promise.all([spanish, englishAgain]);
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('a screen knows the choice too: the i18n useTranslation gives it is a copy of the instance', async () => {
    const { chosenLanguage, createI18n } = await import('@/lib/i18n');
    const { I18nextProvider, useTranslation } = await import('react-i18next');
    const { act, renderHook } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const i18n = createI18n('es');
    // (These fresh modules' testing library: the setup's cleanup does not know this render, so it unmounts it itself.)
    const { result, unmount } = renderHook(() => useTranslation().i18n, { wrapper: ({ children }) => createElement(I18nextProvider, { i18n }, children) });
    expect(result.current).not.toBe(i18n); // react-i18next's copy, whose language is a snapshot
    let english!: Promise<unknown>;
    act(() => {
      english = result.current.changeLanguage('en'); // a tap on ENGLISH; its messages are not loaded yet
    });
    expect(result.current.language).toBe('es');
    expect(chosenLanguage(result.current)).toBe('en'); // the next tap is tracked in English
    await act(() => english);
    expect(result.current.language).toBe('en');
    expect(chosenLanguage(result.current)).toBe('en');
    unmount();
  });
});
