import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictItem } from '@tegang/domain';
import { listDictItems } from '../api/reference';

/** The items of a dictionary type, cached for the session. */
export function useDict(type: string) {
  return useQuery({ queryKey: ['dict', type], queryFn: () => listDictItems(type), staleTime: Infinity });
}

/** The label of an item in the UI language (English label when the UI is in English). */
export function dictLabel(
  items: DictItem[] | undefined,
  value: string | null | undefined,
  lang: string,
): string {
  const item = items?.find((i) => i.value === value);
  if (!item) return value ?? '';
  return lang === 'en' && item.labelEn ? item.labelEn : item.label;
}

/** A select over a dictionary type (spec "dict select"). */
export function DictSelect({ type, only, ...props }: SelectProps & { type: string; only?: string[] }) {
  const { data, isLoading } = useDict(type);
  const { i18n, t } = useTranslation();
  const items = only ? data?.filter((i) => only.includes(i.value)) : data;
  return (
    <Select
      loading={isLoading}
      placeholder={t('common.pleaseSelect')}
      showSearch
      optionFilterProp="label"
      options={items?.map((i) => ({ value: i.value, label: dictLabel(data, i.value, i18n.language) }))}
      {...props}
    />
  );
}

/** A dictionary value shown as its label. */
export function DictText({ type, value }: { type: string; value: string | null | undefined }) {
  const { data } = useDict(type);
  const { i18n } = useTranslation();
  return <>{dictLabel(data, value, i18n.language)}</>;
}
