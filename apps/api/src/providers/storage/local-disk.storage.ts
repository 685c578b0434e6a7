import { mkdir, mkdtemp, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { isSafeStorageKey, type StorageProvider } from './storage.provider';

/**
 * Files under `<root>/<key>` (DATA_DIR/attachments by default). Writes go to a temporary name
 * first and are renamed into place, so a reader never sees half a file.
 */
export class LocalDiskStorage implements StorageProvider {
  readonly name = 'local-disk';
  constructor(
    private readonly root: string,
    private readonly removeOnClose = false,
  ) {}

  /** For an in-memory database (tests): a fresh folder under the OS temp dir, removed on close. */
  static async temporary(): Promise<LocalDiskStorage> {
    return new LocalDiskStorage(await mkdtemp(path.join(tmpdir(), 'puente-attachments-')), true);
  }

  private pathOf(key: string): string {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {
    if (this.removeOnClose) await rm(this.root, { recursive: true, force: true });
  }
}
