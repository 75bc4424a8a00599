import type { Storage } from '../../integrations/storage';
import { READY_TIMEOUT_MS } from './service';

/**
 * The file storage's part of GET /ready (README "Health checks", "Object storage"): 'up' when
 * `storage.check()` (HeadBucket for S3) resolves within `timeoutMs`, 'down' when it throws or takes
 * longer; a storage without a check (the local folder) is 'up'. Never throws.
 */
export async function storageState(storage: Storage, timeoutMs = READY_TIMEOUT_MS): Promise<'up' | 'down'> {
  if (!storage.check) return 'up';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  const probe = storage
    .check()
    .then(() => 'up' as const)
    .catch(() => 'down' as const);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
