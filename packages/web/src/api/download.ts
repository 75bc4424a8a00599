import i18n from '../i18n';

/**
 * Files behind a single-use download link (DESIGN "Download links carry a short-lived single-use
 * download token"). The link is fetched here rather than navigated to, so a refused download (409
 * "照片文件缺失…", 503 "文件存储暂时不可用…", 400 an expired link) is shown on the page as the
 * server's message instead of its JSON in a bare browser page. A HEAD would not help: the server
 * answers HEAD with its GET handler, which consumes the token (packages/server/src/lib/downloads.ts),
 * so the one GET both checks and carries the file.
 */

/** A refused download: `status` the HTTP status, `message` the server's `msg` (or a general one). */
export class DownloadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` before `filename`). */
export function fileNameOf(disposition: string | null): string {
  if (!disposition) return '';
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? '';
}

/**
 * GETs a download link in the UI language; resolves with the file and its name on 200, rejects with
 * DownloadRefused carrying the server's message otherwise (status 0 for a network failure).
 */
export async function fetchFile(url: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'include',
      headers: { 'Accept-Language': i18n.language === 'en' ? 'en' : 'zh' },
    });
  } catch {
    throw new DownloadRefused(0, i18n.t('download.failed'));
  }
  if (response.status !== 200) {
    const body = (await response.json().catch(() => null)) as { msg?: unknown } | null;
    const msg = typeof body?.msg === 'string' && body.msg ? body.msg : i18n.t('download.failed');
    throw new DownloadRefused(response.status, msg);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')),
  };
}

/** How long a saved file's object URL stays valid: the browser reads it after the click returns. */
const REVOKE_AFTER_MS = 60_000;

/** Saves `blob` as `fileName` through a temporary <a download> (the page stays where it is). */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), REVOKE_AFTER_MS);
}

/** Fetches a download link and saves its file; rejects with DownloadRefused (nothing saved) otherwise. */
export async function downloadFile(url: string): Promise<void> {
  const { blob, fileName } = await fetchFile(url);
  saveBlob(blob, fileName);
}
