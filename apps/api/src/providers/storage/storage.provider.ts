/**
 * Where chat attachments (and later other uploads) are kept. Keys are opaque, made by the caller
 * from ids it controls (never from a client's file name). The local disk adapter is the working
 * default; a bucket adapter can implement the same three calls.
 */
export interface StorageProvider {
  readonly name: string;
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  close?(): Promise<void>;
}

/** Keys are path-like ids: letters, digits, '-', '_' and '/' between segments; nothing else. */
export const isSafeStorageKey = (key: string): boolean => /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(key) && key.length <= 300;
