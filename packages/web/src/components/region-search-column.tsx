import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../admin/session';
import { RegionCascader, regionCodesOfValue, useRegionScopeTree } from './region-cascader';

/**
 * The region filter of the console's candidate lists (spec §6: enrolments, registered personnel,
 * tickets, results): a city or county of the administrator's own tree, sent as cityCode / countyCode.
 * Enabled only for an administrator above county level (an empty county code); a county one sees
 * `disabledReasonKey` as the reason. The server narrows to the caller's region whatever is sent.
 */
export function useRegionSearchColumn<T>(opts: {
  /** Catalogue key of the column title (default field.enrollCounty). */
  titleKey?: string;
  disabledReasonKey: string;
  testId: string;
  dataIndex?: string;
}): ProColumns<T> {
  const { t } = useTranslation();
  const { info } = useSession();
  const enabled = !info?.user.countyCode;
  const tree = useRegionScopeTree(enabled);
  return {
    title: t(opts.titleKey ?? 'field.enrollCounty'),
    dataIndex: opts.dataIndex ?? 'region',
    hideInTable: true,
    renderFormItem: () => (
      <RegionCascader
        disabled={!enabled}
        disabledReason={t(opts.disabledReasonKey)}
        data-testid={opts.testId}
      />
    ),
    search: {
      transform: (value: string[]) => {
        const codes = regionCodesOfValue(tree.data ?? [], value);
        return { cityCode: codes.cityCode || undefined, countyCode: codes.countyCode || undefined };
      },
    },
  };
}
