import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes go. The default keeps them under DATA_DIR/uploads, served at /uploads/…; an S3-compatible
 * store can implement the same interface. Names are generated here: a client's file name never becomes a path.
 */
export interface FileStorage {
  /** Stores the bytes; returns the stored name and the URL path the server serves them at. */
  save(bytes: Buffer, folder: string, ext: string): Promise<{ storedName: string; urlPath: string }>;
  /** Removes a stored file (one whose record could not be written); a missing file is not an error. */
  remove(storedName: string): Promise<void>;
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  async save(bytes: Buffer, folder: string, ext: string): Promise<{ storedName: string; urlPath: string }> {
    if (!/^[a-z0-9_-]+$/.test(folder) || !/^[a-z0-9]+$/.test(ext)) throw new Error('invalid storage name');
    const now = new Date();
    const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const storedName = `${folder}/${month}/${randomBytes(16).toString('hex')}.${ext}`;
    const target = path.join(this.root, storedName);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write to a temporary name, flush, then rename: a crash never leaves a half-written file under the real name.
    const temp = `${target}.tmp`;
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
    return { storedName, urlPath: `/uploads/${storedName}` };
  }

  async remove(storedName: string): Promise<void> {
    const target = path.resolve(this.root, storedName);
    if (!target.startsWith(path.resolve(this.root) + path.sep)) throw new Error('invalid storage name');
    await fs.rm(target, { force: true });
  }
}
