import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/** stylis's type of a declaration element ("user-select:none;"); stylis exports it as DECLARATION. */
const DECLARATION = 'decl';

/**
 * The one vendor prefix the browsers the app is built for still need from the styles MUI and the
 * screens write: Safari (macOS and iOS, every version to date) knows `user-select` only as
 * `-webkit-user-select`, and MUI's buttons set `user-select: none` so a long press on a phone does
 * not select their text. Every other prefix emotion's default prefixer adds (flex boxes, transforms,
 * transitions, animations and a second copy of each @keyframes, `::placeholder` for old Firefox and
 * Edge, `:read-only`) is for browsers older than the build's target; where MUI needs one it writes it
 * itself (WebkitTapHighlightColor, WebkitAppearance, ...).
 */
const prefixUserSelect: StylisPlugin = (element) => {
  if (element.type === DECLARATION && element.props === 'user-select' && !element.return) element.return = `-webkit-${element.value}${element.value}`;
};

/**
 * The styles' cache of the app and of its prerendered pages (issue 10, first load): emotion's default
 * (key "css") without its full prefixer, which wrote a prefixed copy of about one declaration in
 * four (309 on /login: its HTML was 52.9 kB, now 44.1) and of every @keyframes; the styles emotion
 * hands the browser are a quarter shorter. The app's cache takes over the prerendered page's styles
 * (same key), so both are made here.
 */
export const createEmotionCache = (): EmotionCache => createCache({ key: 'css', stylisPlugins: [prefixUserSelect] });

let pageCache: EmotionCache | undefined;

/**
 * The page's one cache (made on first use): every tree the page mounts shares it, as they shared
 * emotion's default one, so a style is inserted once per page however often a tree mounts (the
 * tests mount hundreds; a cache each filled the document with copies of every rule).
 */
export const pageEmotionCache = (): EmotionCache => (pageCache ??= createEmotionCache());
