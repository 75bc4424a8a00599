import { useMemo } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, REGION_ROOT, regionCreateSchema } from '@tegang/domain';
import {
  createRegion,
  deleteRegion,
  deleteRegions,
  pageRegions,
  regionTreeDict,
  updateRegion,
  type Region,
  type RegionDictNode,
  type RegionQuery,
} from '../api';
import {
  allPages,
  CrudTable,
  SchemaTextField,
  TreeSelectField,
  type CrudConfig,
  type Envelope,
} from '../../../components/crud';
import { createTimeColumn } from '../shared';
import { schemaRule } from '../../../components/rules';

/** The form's fields: labels field.region.*, rules and input limits from the server's schema. */
const F = { schema: regionCreateSchema, entity: 'region' };

/**
 * Regions (/system/region/index; spec §2 "Regions", §5 Region, §7 "Region and education plan"):
 * parent (a tree select over the region tree), name, code and created time. A lazy tree: provinces
 * first, the sub-regions of a region loaded when it is opened; a search lists the matches, paged.
 */

type RegionForm = { parentCode: string; name: string; code: string };

interface CodeNode {
  value: string;
  title: string;
  children?: CodeNode[];
}

const ROOT = REGION_ROOT;
/** Counties (level 3) have no sub-regions and cannot be a parent. */
const takesChildren = (row: Region) => row.level < 3;
/** The sub-regions of `parentCode` (ROOT: the provinces), all of them. */
const regionsUnder = (parentCode: string) => allPages((paging) => pageRegions({ ...paging, parentCode }));

function toNodes(nodes: readonly RegionDictNode[] | undefined): CodeNode[] {
  return (nodes ?? []).map((n) => ({
    value: n.code,
    title: n.name,
    children: n.children?.length ? toNodes(n.children) : undefined,
  }));
}

function nameIndex(nodes: readonly RegionDictNode[] | undefined, into = new Map<string, string>()) {
  for (const n of nodes ?? []) {
    into.set(n.code, n.name);
    nameIndex(n.children, into);
  }
  return into;
}

export default function RegionPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: dict } = useQuery({ queryKey: ['system', 'regionTreeDict'], queryFn: regionTreeDict });
  const nodes = useMemo(() => toNodes(dict), [dict]);
  const names = useMemo(() => nameIndex(dict), [dict]);
  const withRoot = useMemo<CodeNode[]>(() => [{ value: ROOT, title: t('sys.root') }, ...nodes], [nodes, t]);

  /** The region tree changed: the pickers read it again. */
  const refreshing =
    <A,>(call: (a: A) => Promise<Envelope>) =>
    async (a: A) => {
      const res = await call(a);
      void queryClient.invalidateQueries({ queryKey: ['system', 'regionTreeDict'] });
      void queryClient.invalidateQueries({ queryKey: ['region'] });
      return res;
    };

  const columns: ProColumns<Region>[] = [
    {
      title: t('field.region.parent'),
      dataIndex: 'parentCode',
      valueType: 'treeSelect',
      width: 180,
      ellipsis: true,
      fieldProps: { treeData: nodes, showSearch: true, treeNodeFilterProp: 'title', allowClear: true },
      render: (_dom, row) =>
        !row.parentCode || row.parentCode === ROOT ? '-' : (names.get(row.parentCode) ?? row.parentCode),
    },
    { title: t('field.region.name'), dataIndex: 'name', width: 200, ellipsis: true },
    { title: t('field.region.code'), dataIndex: 'code', width: 140 },
    createTimeColumn(t),
  ];

  const config: CrudConfig<Region, RegionForm, Omit<RegionQuery, 'current' | 'size'>> = {
    name: t('sys.region.entity'),
    title: t('sys.region.title'),
    testId: 'sys-region',
    columns,
    tree: {
      roots: () => regionsUnder(ROOT),
      children: (row) => regionsUnder(row.code),
      hasChildren: takesChildren,
      canAddChild: takesChildren,
      childValues: (parent) => ({ parentCode: parent.code }),
      column: 'name',
    },
    api: {
      page: pageRegions,
      create: refreshing(createRegion),
      update: refreshing(updateRegion),
      remove: refreshing(deleteRegion),
      removeMany: refreshing(deleteRegions),
    },
    permissions: {
      add: PERMISSIONS.region.add,
      edit: PERMISSIONS.region.edit,
      remove: PERMISSIONS.region.remove,
    },
    rowLabel: (row) => row.name,
    form: {
      initialValues: ({ record }) =>
        record ? { parentCode: record.parentCode || ROOT, name: record.name, code: record.code } : {},
      toPayload: (values) => ({
        parentCode: values.parentCode,
        name: values.name.trim(),
        code: values.code.trim(),
      }),
      fields: (
        <>
          <TreeSelectField
            name="parentCode"
            label={t('field.region.parent')}
            rules={[schemaRule(regionCreateSchema.shape.parentCode, 'field.region.parent')]}
            treeData={withRoot}
            testId="sys-region-parent"
          />
          <SchemaTextField {...F} name="name" required testId="sys-region-name" />
          <SchemaTextField {...F} name="code" required testId="sys-region-code" />
        </>
      ),
    },
  };

  return <CrudTable config={config} />;
}
