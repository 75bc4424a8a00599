import { useEffect, useState } from 'react';
import { fetchPhoto } from '../api';

/**
 * What an <img> shows for a photo address: a `blob:` or `data:` URL as it is (a photo just chosen, or
 * a draft's), an enrolment's own photo address (`/api/…`, which needs the token header) read with
 * fetchPhoto and shown through a blob: URL, revoked when the address changes or the view goes.
 * null while loading, when there is none, or when it cannot be read.
 */
export function usePhotoSrc(url: string | null | undefined): string | null {
  const needsFetch = !!url && url.startsWith('/');
  const [fetched, setFetched] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    if (!needsFetch) return;
    let live = true;
    let blobUrl: string | null = null;
    fetchPhoto(url)
      .then((blob) => {
        if (!live) return;
        blobUrl = URL.createObjectURL(blob);
        setFetched({ url, src: blobUrl });
      })
      .catch(() => live && setFetched(null));
    return () => {
      live = false;
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [url, needsFetch]);
  if (!url) return null;
  if (!needsFetch) return url;
  return fetched?.url === url ? fetched.src : null;
}
