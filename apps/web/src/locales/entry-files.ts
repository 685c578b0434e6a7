/**
 * The messages files the shell uses on every screen: the default language's are in the first
 * script. The shell's dialogs that open on their own (the terms to accept, the update needed) wait
 * for the rest of the language with their code (app/shell-dialogs.tsx), so their files (onboarding,
 * account) are not here; nor is recovery (its screens are not entry screens).
 * The build groups each other language's files by these lists (vite.config.ts), so this module
 * imports nothing.
 */
export const ENTRY_FILES = ['common', 'titles'] as const;

/**
 * The files of the entry screens (/login, /inicio, /consulta/historial), one each: the default
 * language's load with their screen (app/route-table.tsx), not in the first script, so a screen's
 * first load does not carry the other two's messages (issue 10). Another language's are part of its
 * first part (FIRST_PART_FILES), which a member who chose it waits for before the first render.
 */
export const SCREEN_FILES = ['home', 'identity', 'record'] as const;
export type ScreenFile = (typeof SCREEN_FILES)[number];

/**
 * Each entry screen's file, by its route's name (ROUTES in the domain): the route table loads it
 * with the screen, and the build's shell of that screen's page starts it from the HTML, in the
 * stored language (vite.config.ts, routeShells).
 */
export const ENTRY_SCREEN_FILES = { login: 'identity', home: 'home', history: 'record' } as const satisfies Record<string, ScreenFile>;

/** Another language's first part: what its first render waits for (one chunk, vite.config.ts). */
export const FIRST_PART_FILES = [...ENTRY_FILES, ...SCREEN_FILES] as const;
