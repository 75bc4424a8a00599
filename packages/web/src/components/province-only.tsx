import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_PERMISSIONS, PERMISSION_KEYS, provinceWriteRefusal, type ProvinceObject } from '@tegang/domain';
import { useSession } from '../admin/session';
import { PermissionsProvider } from './crud';

/**
 * Province-wide objects in the console (docs/security.md "Province-wide objects"): the server refuses
 * their writes to a city or county account (403 'province.only'); the screens say so up front.
 */

/**
 * Why the signed-in administrator may not change `object` ("仅省级账号可以修改{object}", in the UI
 * language), or null when they may. Null too before the session is loaded: the server decides then.
 */
export function useProvinceOnlyReason(object: ProvinceObject): string | null {
  const { t } = useTranslation();
  const user = useSession().info?.user;
  if (!user) return null;
  const refusal = provinceWriteRefusal(
    { provinceCode: user.provinceCode, cityCode: user.cityCode, countyCode: user.countyCode },
    object,
  );
  if (!refusal) return null;
  return t(refusal.key, { object: t(String(refusal.params.object)) });
}

/**
 * Wraps a screen of a province-wide object. For a province-level account it renders `children` as
 * they are; for a city or county one it shows the reason above them and withholds `writeKeys` from
 * the screen (the all-rights grant is spelt out as every declared key), so the CRUD table hides its
 * add, edit and delete buttons. Props: object, writeKeys, children.
 */
export function ProvinceOnly(props: {
  object: ProvinceObject;
  writeKeys: readonly string[];
  children: ReactNode;
}) {
  const reason = useProvinceOnlyReason(props.object);
  const granted = useSession().info?.permissions ?? [];
  if (!reason) return <>{props.children}</>;
  const all = granted.includes(ALL_PERMISSIONS) ? PERMISSION_KEYS : granted;
  const readOnly = all.filter((key) => !props.writeKeys.includes(key));
  return (
    <>
      <Alert
        type="info"
        showIcon
        message={reason}
        style={{ marginBottom: 12 }}
        data-testid={`province-only-${props.object}`}
      />
      <PermissionsProvider permissions={readOnly}>{props.children}</PermissionsProvider>
    </>
  );
}
