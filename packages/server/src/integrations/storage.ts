import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DIR_MODE, FILE_MODE, temporaryOf } from './local-files';
import { s3Storage, verifyBucket } from './s3-storage';
import type { StorageSettings } from './storage-config';

/**
 * File storage (DESIGN "files"): a local folder by default (STORAGE=local), an S3-compatible bucket
 * every node reaches with STORAGE=s3 (integrations/s3-storage.ts), behind the same interface and with
 * the same keys (README "Object storage"). Keys are relative paths such as `enroll/photo/3f…a.jpg`; they never come from users.
 *
 * Data at rest (docs/security.md "Data at rest"): candidate photos and enrolment form PDFs
 * hold personal data, so the local storage writes files 0600 and folders 0700 (readable by the
 * server's user only, whatever the umask), and a file appears whole or not at all: it is written to a
 * temporary beside it (`<key>.<pid>.<random>.tmp`) and renamed.
 */
export interface Storage {
  /** Writes `data` under `key`, replacing any earlier file. */
  put(key: string, data: Buffer): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the file under `key`; no error when there is none. */
  remove(key: string): Promise<void>;
  /**
   * The files under the folder `prefix` (e.g. 'enroll/photo'), at any depth, with their last
   * modification time (ms since the epoch); our temporaries are left out. Used by the file sweep
   * (lib/file-sweep.ts); a storage without it is not swept.
   */
  list?(prefix: string): AsyncIterable<StoredFile>;
  /**
   * The file under `key` as a stream (large files: import uploads, backups), or null when there is
   * none. The caller consumes or destroys it.
   */
  getStream?(key: string): Promise<Readable | null>;
  /**
   * Writes `size` bytes read from `body` under `key`, replacing any earlier file; the file appears whole
   * or not at all. Used by storage:migrate (scripts/storage-migrate.ts) and for large files.
   */
  putStream?(key: string, body: Readable, size: number): Promise<void>;
  /** The size in bytes of the file under `key`, or null when there is none. */
  size?(key: string): Promise<number | null>;
  /**
   * The local storage only: the absolute path of the file under `key`, its folder made. Lets a worker
   * thread read or write the file itself, by integrations/local-files.ts's rules (the ticket job's
   * render threads: no hop through the event loop and the thread pool for each file).
   */
  localPath?(key: string): Promise<string>;
  /**
   * Throws when the storage cannot be reached now (GET /ready, modules/health); resolves quickly
   * otherwise. The local folder is always there.
   */
  check?(): Promise<void>;
}

/** A stored file as Storage.list names it. */
export interface StoredFile {
  key: string;
  mtimeMs: number;
}

/**
 * Removes the files `keys` (nulls skipped) after the rows naming them were deleted and committed
 * (docs/security.md "Files follow their rows"): a failed removal is logged through `warn` and never
 * thrown, since the delete has happened; the file sweep takes such a file later. Returns how many
 * removals failed.
 */
export async function removeFiles(
  storage: Storage,
  keys: readonly (string | null | undefined)[],
  warn: (message: string) => void = (message) => console.warn(message),
): Promise<number> {
  let failed = 0;
  for (const key of new Set(keys)) {
    if (!key) continue;
    try {
      await storage.remove(key);
    } catch (error) {
      failed++;
      warn(`[files] could not remove ${key} (the sweep will): ${(error as Error).message}`);
    }
  }
  return failed;
}

/** A temporary older than this is left over from a killed process (a write takes milliseconds). */
export const STALE_TEMP_MS = 10 * 60_000;
/** Names of our temporaries: `<key>.<pid>.tmp` (older versions) or `<key>.<pid>.<hex>.tmp`. */
const TEMP_NAME = /\.\d+(?:\.[0-9a-f]+)?\.tmp$/;

/** `work`'s result, or null when the file it touched does not exist (ENOENT). */
async function unlessMissing<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * Creates `dir` and any missing parents below `root` with DIR_MODE, and tightens `root` itself.
 * (mkdir's mode is reduced by the umask and applies only to folders it creates, hence the chmods.)
 */
async function makeDirs(root: string, dir: string, made?: Set<string>): Promise<void> {
  if (made?.has(dir)) return;
  const first = await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
  // Every folder from `first` down to `dir` was created now.
  for (let d = dir; first; d = path.dirname(d)) {
    await fs.chmod(d, DIR_MODE);
    if (d === first || d === root || d === path.dirname(d)) break;
  }
  made?.add(dir);
}

/**
 * The storage in the local folder `root` (DATA_DIR/files). Throws when a key resolves outside
 * `root`; `get` answers null for a missing file; other file-system errors propagate.
 */
export function localStorage(root: string): Storage {
  const base = path.resolve(root);
  // Folders this process made or found (a batch of tickets writes thousands of files into one).
  const made = new Set<string>();
  const resolve = (key: string) => {
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      const dir = path.dirname(full);
      await makeDirs(base, dir, made);
      const tmp = temporaryOf(full);
      try {
        await fs
          .writeFile(tmp, data, { mode: FILE_MODE, flag: 'wx' })
          .catch(async (error: NodeJS.ErrnoException) => {
            // The folder went away since this process made it (removed by hand): make it again.
            if (error.code !== 'ENOENT' || !made.delete(dir)) throw error;
            await makeDirs(base, dir, made);
            await fs.writeFile(tmp, data, { mode: FILE_MODE, flag: 'wx' });
          });
        await fs.chmod(tmp, FILE_MODE); // the umask may have cleared bits; it never adds any
        await fs.rename(tmp, full);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      return unlessMissing(() => fs.readFile(resolve(key)));
    },
    async remove(key) {
      // unlink, not rm: rm looks at the path first (one more trip through the thread pool); keys
      // name files, never folders.
      await unlessMissing(() => fs.unlink(resolve(key)));
    },
    async localPath(key) {
      const full = resolve(key);
      await makeDirs(base, path.dirname(full), made);
      return full;
    },
    async getStream(key) {
      const handle = await unlessMissing(() => fs.open(resolve(key), 'r'));
      return handle?.createReadStream() ?? null; // closes the handle at the end or on destroy
    },
    async putStream(key, body) {
      const full = resolve(key);
      await makeDirs(base, path.dirname(full), made);
      const tmp = temporaryOf(full);
      try {
        await pipeline(body, createWriteStream(tmp, { mode: FILE_MODE, flags: 'wx' }));
        await fs.chmod(tmp, FILE_MODE);
        await fs.rename(tmp, full);
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async size(key) {
      return (await unlessMissing(() => fs.stat(resolve(key))))?.size ?? null;
    },
    async *list(prefix) {
      const start = prefix ? resolve(prefix) : base; // '' lists the whole folder
      const walk = async function* (dir: string): AsyncGenerator<StoredFile> {
        const entries = await unlessMissing(() => fs.readdir(dir, { withFileTypes: true }));
        for (const entry of entries ?? []) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile() && !TEMP_NAME.test(entry.name)) {
            const stat = await fs.stat(full).catch(() => null);
            if (stat)
              yield { key: path.relative(base, full).split(path.sep).join('/'), mtimeMs: stat.mtimeMs };
          }
        }
      };
      yield* walk(start);
    },
  };
}

/**
 * Start-up care of the local files folder `root` (after a crash: `kill -9` left `…jpg.NNNN.tmp`
 * files): creates `root` if missing, sets `root` and every folder under it to DIR_MODE (folders of
 * older installs were 0755), and deletes our temporaries (names ending `.<pid>[.<hex>].tmp`) last
 * modified more than `maxAgeMs` before `now`, which no live write can still own (a node sharing the
 * folder may be writing a fresh one). Returns the paths deleted. Symbolic links are not followed.
 */
export async function removeStaleTemporaries(
  root: string,
  { maxAgeMs = STALE_TEMP_MS, now = Date.now() }: { maxAgeMs?: number; now?: number } = {},
): Promise<string[]> {
  const removed: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await unlessMissing(() => fs.readdir(dir, { withFileTypes: true }));
    if (!entries) return;
    await fs.chmod(dir, DIR_MODE);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && TEMP_NAME.test(entry.name)) {
        const stat = await fs.stat(full).catch(() => null);
        if (stat && now - stat.mtimeMs > maxAgeMs) {
          await fs.rm(full, { force: true });
          removed.push(full);
        }
      }
    }
  };
  await walk(path.resolve(root));
  return removed;
}

/**
 * Prepares the local files folder when the app starts: creates it (DIR_MODE) and runs
 * removeStaleTemporaries. Returns the temporaries deleted.
 */
export async function prepareLocalFiles(root: string): Promise<string[]> {
  await makeDirs(path.resolve(root), path.resolve(root));
  return removeStaleTemporaries(root);
}

/**
 * The storage of the configuration (config.storage): the local folder `filesDir`, prepared
 * (prepareLocalFiles, the temporaries removed are reported through `warn`), or the S3 bucket after
 * verifyBucket, whose Error names the setting to fix (the start stops with it).
 */
export async function openStorage(
  settings: StorageSettings,
  filesDir: string,
  warn: (message: string) => void,
): Promise<Storage & { close?(): void }> {
  if (settings.kind === 's3') {
    const storage = s3Storage(settings, warn);
    try {
      await verifyBucket(storage, settings);
    } catch (error) {
      storage.close();
      throw error;
    }
    return storage;
  }
  const stale = await prepareLocalFiles(filesDir);
  if (stale.length) warn(`removed ${stale.length} stale temporary file(s) under ${filesDir}`);
  return localStorage(filesDir);
}
