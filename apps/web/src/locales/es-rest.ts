import type { Messages } from './load';

/**
 * The default language's files beyond the entry and the entry screens' ones (see ./entry-files.ts),
 * as one chunk: one request when a screen needs them, instead of one per file.
 */
const files = import.meta.glob<Messages>(['./es/*.json', '!./es/{common,home,identity,record,titles}.json'], {
  eager: true,
  import: 'default',
});

export const REST_OF_DEFAULT: Messages = Object.assign({}, ...Object.values(files)) as Messages;
