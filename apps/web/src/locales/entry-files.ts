/**
 * The messages files the shell and the entry screens (/login, language choice, /inicio,
 * /consulta/historial) use: a language's first part, loaded before the first render (the default's
 * is in the first script). The shell's dialogs that open on their own (the terms to accept, the update
 * needed) wait for the rest of the language with their code (app/shell-dialogs.tsx), so their files
 * (onboarding, account) are not here; nor is recovery (its screens are not entry screens).
 * The build groups each other language's files by it (vite.config.ts), so this module imports nothing.
 */
export const ENTRY_FILES = ['common', 'home', 'identity', 'record', 'titles'] as const;
