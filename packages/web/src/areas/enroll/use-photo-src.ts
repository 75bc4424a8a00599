import { useEffect, useState } from 'react';
import { requestFile } from '../../api/request';

/** What an <img> shows for a photo: its `src` (null when none, not yet read or unreadable) and whether it is being read. */
export interface PhotoSrc {
  src: string | null;
  /** True while a stored photo's address is being read. */
  loading: boolean;
  /** True when the address could not be read (404, network, session gone). */
  failed: boolean;
}

/**
 * The photo at `url` for an <img>, on either side (docs/decisions.md "Photos by their own address"):
 * a `blob:` or `data:` URL as it is (a photo just chosen, or a draft's); an enrolment photo's own
 * address (the candidate's `/api/enroll/photo/…`, the console's `/candidate/enroll/photo/…`) read with
 * requestFile, whose address decides the token as for every call (sideOf), and shown through a blob:
 * URL revoked when the address changes or the view goes.
 */
export function usePhotoSrc(url: string | null | undefined): PhotoSrc {
  const needsFetch = !!url && url.startsWith('/');
  const [fetched, setFetched] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!needsFetch) return;
    let live = true;
    let blobUrl: string | null = null;
    requestFile(url)
      .then(({ blob }) => {
        if (!live) return;
        blobUrl = URL.createObjectURL(blob);
        setFetched({ url, src: blobUrl });
      })
      .catch(() => live && setFetched({ url, src: null }));
    return () => {
      live = false;
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [url, needsFetch]);
  if (!url) return { src: null, loading: false, failed: false };
  if (!needsFetch) return { src: url, loading: false, failed: false };
  if (fetched?.url !== url) return { src: null, loading: true, failed: false };
  return { src: fetched.src, loading: false, failed: !fetched.src };
}
