import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictLabel, useDict } from '../dict';

/** A ProTable/ProDescriptions valueEnum (a Map keeps the server's order). */
export type ValueEnum = Map<string, { text: ReactNode; status?: string }>;

/** The items of a dictionary type as a valueEnum, labels in the UI language. */
export function useDictEnum(type: string): ValueEnum {
  const { data } = useDict(type);
  const { i18n } = useTranslation();
  return useMemo(
    () =>
      new Map((data ?? []).map((item) => [item.value, { text: dictLabel(data, item.value, i18n.language) }])),
    [data, i18n.language],
  );
}

/**
 * A server code list [{value, label}] (spec §4: plan status, form generation status …) as a valueEnum;
 * fetched again when the language changes since the server answers in the caller's language.
 */
export function useOptionsEnum(
  key: string,
  fetch: () => Promise<{ value: string; label: string }[]>,
  statusOf?: (value: string) => string | undefined,
): { valueEnum: ValueEnum; options: { value: string; label: string }[] } {
  const { i18n } = useTranslation();
  const { data } = useQuery({
    queryKey: ['options', key, i18n.language],
    queryFn: fetch,
    staleTime: 5 * 60_000,
  });
  return useMemo(
    () => ({
      valueEnum: new Map((data ?? []).map((o) => [o.value, { text: o.label, status: statusOf?.(o.value) }])),
      options: data ?? [],
    }),
    [data, statusOf],
  );
}

/** '1' yes / '0' no (sys_yes_no values) from the domain's common.yes / common.no. */
export function yesNoEnum(t: (key: string) => string): ValueEnum {
  return new Map([
    ['1', { text: t('common.yes'), status: 'Success' }],
    ['0', { text: t('common.no'), status: 'Default' }],
  ]);
}
