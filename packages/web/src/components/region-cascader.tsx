import type { Ref } from 'react';
import { Cascader, Tooltip, type CascaderProps } from 'antd';
import type { CascaderRef } from 'antd/es/cascader';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegionCodes, RegionNode } from '@tegang/domain';
import { http } from '../api/request';
import { useRequiredOnInputOnly } from './required-on-input';

/**
 * The administrator's own region tree (spec §6): GET /system/region/scopeTree answers the city → county
 * tree already narrowed to the administrator's province / city / county (provinces → cities →
 * counties for an administrator without a province). Nodes carry their level (1 province, 2 city,
 * 3 county).
 */
export const regionScopeTree = () => http.get<RegionNode[]>('/system/region/scopeTree');

export function useRegionScopeTree(enabled = true) {
  return useQuery({
    queryKey: ['region', 'scopeTree'],
    queryFn: regionScopeTree,
    staleTime: Infinity,
    enabled,
  });
}

/** The codes of a chosen path by the levels of its nodes (spec §5 "Region picker"): '' when not chosen. */
export function regionCodesOfPath(path: readonly RegionNode[] | null | undefined): RegionCodes {
  const codes: RegionCodes = { provinceCode: '', cityCode: '', countyCode: '' };
  for (const node of path ?? []) {
    if (node.level === 1) codes.provinceCode = node.code;
    else if (node.level === 2) codes.cityCode = node.code;
    else codes.countyCode = node.code;
  }
  return codes;
}

/** The codes of a path of codes (a cascader value), by the levels of the nodes in `tree`. */
export function regionCodesOfValue(
  tree: readonly RegionNode[],
  value: readonly string[] | null | undefined,
): RegionCodes {
  const nodes: RegionNode[] = [];
  let level: readonly RegionNode[] | undefined = tree;
  for (const code of value ?? []) {
    const node: RegionNode | undefined = level?.find((n) => n.code === code);
    if (!node) break;
    nodes.push(node);
    level = node.children;
  }
  return regionCodesOfPath(nodes);
}

/** Finds the path of codes from the root to `code` in `tree`. */
export function regionPathOf(tree: readonly RegionNode[], code: string | null | undefined): string[] {
  if (!code) return [];
  for (const node of tree) {
    if (node.code === code) return [node.code];
    const below = node.children ? regionPathOf(node.children, code) : [];
    if (below.length) return [node.code, ...below];
  }
  return [];
}

type Props = Omit<CascaderProps<RegionNode, 'code'>, 'options' | 'value' | 'onChange' | 'multiple'> & {
  /** The path of codes (as antd Cascader values). */
  value?: string[];
  onChange?: (value: string[], codes: RegionCodes) => void;
  /** Shown as a tooltip while the picker is disabled (why it is). */
  disabledReason?: string;
  ref?: Ref<CascaderRef>;
};

/**
 * A cascader over the administrator's region tree (spec §6 county choice in the enrolment and ticket
 * lists): a city alone or a county may be chosen; `onChange` also gives the province/city/county codes.
 */
export function RegionCascader({ value, onChange, disabledReason, ...props }: Props) {
  const { t } = useTranslation();
  const { data, isLoading } = useRegionScopeTree(!props.disabled);
  const ref = useRequiredOnInputOnly(props['aria-required'], props.ref);
  const cascader = (
    <Cascader<RegionNode, 'code'>
      options={data ?? []}
      loading={isLoading && !props.disabled}
      fieldNames={{ label: 'name', value: 'code', children: 'children' }}
      changeOnSelect
      showSearch={{ filter: (input, path) => path.some((n) => n.name.includes(input.trim())) }}
      placeholder={t('common.pleaseSelect')}
      allowClear
      value={value}
      onChange={(codes, nodes) =>
        onChange?.((codes ?? []) as string[], regionCodesOfPath((nodes ?? []) as RegionNode[]))
      }
      {...props}
      ref={ref}
    />
  );
  return props.disabled && disabledReason ? (
    <Tooltip title={disabledReason}>
      <span style={{ display: 'block' }}>{cascader}</span>
    </Tooltip>
  ) : (
    cascader
  );
}
