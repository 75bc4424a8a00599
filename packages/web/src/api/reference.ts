import type { DictItem, RegionNode } from '@tegang/domain';
import { http } from './request';

/** Dictionary items of a type (spec §7 GET /admin/dictItem/listDictItem/{type}); open to both sides. */
export const listDictItems = (type: string) => http.get<DictItem[]>(`/admin/dictItem/listDictItem/${type}`);

/** The province → city → county tree (spec §7 GET /system/region/regionTreeDict), optionally under a code. */
export const regionTree = (code?: string) =>
  http.get<RegionNode[]>('/system/region/regionTreeDict', code ? { code } : undefined);
