/**
 * The messages files the shell and the entry screens (/login, language choice, /inicio,
 * /consulta/historial) use: a language's first part, loaded before the first render (the default's
 * is in the first script).
 * The build groups each other language's files by it (vite.config.ts), so this module imports nothing.
 */
export const ENTRY_FILES = ['account', 'common', 'home', 'identity', 'onboarding', 'record', 'recovery', 'titles'] as const;
