import type { Ref } from 'react';
import { Select, type RefSelectProps, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictItem } from '@tegang/domain';
import { listDictItems } from '../api/reference';
import { useRequiredOnInputOnly } from './required-on-input';

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

/**
 * How many options a select may have before it becomes searchable. A short list (yes/no, gender,
 * marital status …) is only tapped: a search box would open the phone's keyboard over it.
 */
export const SEARCH_MIN_OPTIONS = 10;

/** Whether a select of `count` options gets a search box: only a long list (> SEARCH_MIN_OPTIONS). */
export const searchable = (count: number | undefined): boolean => (count ?? 0) > SEARCH_MIN_OPTIONS;

/** A select over a dictionary type (spec "dict select"); searchable only when the list is long. */
export function DictSelect({
  type,
  only,
  ...props
}: SelectProps & { type: string; only?: string[]; ref?: Ref<RefSelectProps> }) {
  const ref = useRequiredOnInputOnly(props['aria-required'], props.ref);
  const { data, isLoading } = useDict(type);
  const { i18n, t } = useTranslation();
  const items = only ? data?.filter((i) => only.includes(i.value)) : data;
  return (
    <Select
      loading={isLoading}
      placeholder={t('common.pleaseSelect')}
      showSearch={searchable(items?.length)}
      optionFilterProp="label"
      options={items?.map((i) => ({ value: i.value, label: dictLabel(data, i.value, i18n.language) }))}
      {...props}
      ref={ref}
    />
  );
}

/** A dictionary value shown as its label. */
export function DictText({ type, value }: { type: string; value: string | null | undefined }) {
  const { data } = useDict(type);
  const { i18n } = useTranslation();
  return <>{dictLabel(data, value, i18n.language)}</>;
}
