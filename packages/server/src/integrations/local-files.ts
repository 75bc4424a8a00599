import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

/**
 * The file rules of the local storage (integrations/storage.ts; docs/security.md "Data at rest"),
 * kept apart from the storage itself so that a worker thread can follow them without loading the
 * storage's S3 client: files are 0600 and appear whole or not at all (written to a temporary beside
 * them, then renamed).
 */

/** Mode of stored files: owner read/write only. */
export const FILE_MODE = 0o600;
/** Mode of storage folders: owner only. */
export const DIR_MODE = 0o700;

/** A fresh temporary beside `full`: `<full>.<pid>.<hex>.tmp` (the start-up clean-up knows the pattern). */
export const temporaryOf = (full: string): string =>
  `${full}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;

/**
 * Reads the file at the absolute path `full` in this thread (a render thread, which has nothing else
 * to do meanwhile); null when it does not exist. Other errors propagate.
 */
export function readFileAt(full: string): Buffer | null {
  try {
    return fs.readFileSync(full);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Writes `data` to the absolute path `full` in this thread, whole or not at all, with FILE_MODE
 * whatever the umask. The folder must exist (Storage.localPath makes it). Throws the file-system
 * error; no temporary is left behind.
 */
export function writeFileAt(full: string, data: Uint8Array): void {
  const tmp = temporaryOf(full);
  try {
    fs.writeFileSync(tmp, data, { mode: FILE_MODE, flag: 'wx' });
    fs.chmodSync(tmp, FILE_MODE); // the umask may have cleared bits; it never adds any
    fs.renameSync(tmp, full);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}
