import type { WebsiteConfig } from '@tegang/domain';
import type { ApiData } from '../../api/contract';
import { http } from '../../api/request';

/** The website setting (spec §3 "Website setting", §7 "Website config"); the type is the domain's. */
export type { WebsiteConfig };

/** GET /admin/websiteConfig/getWebsiteConfig (open). */
export const getWebsiteConfig = () =>
  http.get<Partial<WebsiteConfig> | null>('/admin/websiteConfig/getWebsiteConfig', undefined, {
    silent: true,
  });

/** PUT /admin/websiteConfig; empty pictures and texts are left out (the server keeps its defaults). */
export function updateWebsiteConfig(config: WebsiteConfig) {
  const body = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== null && v !== ''));
  return http.put<null>('/admin/websiteConfig', body, { silent: true });
}

/** POST /file/upload (multipart file + kind): where the picture is served {url, key}. */
export function uploadFile(file: File, kind: 'logo' | 'indexPic') {
  const data = new FormData();
  data.append('kind', kind);
  data.append('file', file);
  return http.post<ApiData<'/file/upload', 'post'>>('/file/upload', data, { silent: true });
}
