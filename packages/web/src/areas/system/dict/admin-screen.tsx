import { useState } from 'react';
import { Button, Drawer, Grid, Tag } from 'antd';
import { ProFormDigit, ProFormRadio, type ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictItemCreateSchema, dictTypeCreateSchema, PERMISSIONS, NO, YES } from '@tegang/domain';
import {
  createDictItem,
  createDictType,
  deleteDictItem,
  deleteDictItems,
  deleteDictType,
  deleteDictTypes,
  pageDictItems,
  pageDictTypes,
  updateDictItem,
  updateDictType,
  type DictItemRow,
  type DictType,
} from '../api';
import {
  ACTION_STYLE,
  CrudTable,
  SchemaTextArea,
  SchemaTextField,
  yesNoEnum,
  type CrudConfig,
  type Envelope,
} from '../../../components/crud';
import { createTimeColumn } from '../shared';
import { ProvinceOnly } from '../../../components/province-only';
import { schemaRule } from '../../../components/rules';

/** The forms' fields: labels field.dict.* / field.dictItem.*, rules and input limits from the server's schemas. */
const TYPE = { schema: dictTypeCreateSchema, entity: 'dict' };
const ITEM = { schema: dictItemCreateSchema, entity: 'dictItem' };

/**
 * Dictionaries (/system/dict/index; spec §2 "Dictionaries", §3 Dictionary and item, §5, §7): the
 * types, and the items of a type in a drawer. Only system dictionaries (isSystem '1') are selectable
 * rows in the type table (spec §2, verbatim).
 */

type TypeForm = { name: string; type: string; isSystem: string; description?: string };
type ItemForm = {
  label: string;
  value: string;
  labelEn?: string;
  isDefault: string;
  sort?: number;
  description?: string;
};

/** The items of one dictionary type. */
function DictItems({ dict }: { dict: DictType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  /** The cached items of the type are read again after a change. */
  const fresh =
    <A,>(call: (a: A) => Promise<Envelope>) =>
    async (a: A) => {
      const res = await call(a);
      void queryClient.invalidateQueries({ queryKey: ['dict', dict.type] });
      return res;
    };
  const yesNo = new Map([
    ['Y', { text: t('common.yes'), status: 'Success' }],
    ['N', { text: t('common.no'), status: 'Default' }],
  ]);

  const columns: ProColumns<DictItemRow>[] = [
    { title: t('field.dictItem.label'), dataIndex: 'label', width: 160, ellipsis: true },
    { title: t('sys.dict.item.labelEn'), dataIndex: 'labelEn', search: false, width: 160, ellipsis: true },
    { title: t('field.dictItem.value'), dataIndex: 'value', search: false, width: 100 },
    {
      title: t('field.dictItem.isDefault'),
      dataIndex: 'isDefault',
      search: false,
      width: 80,
      valueEnum: yesNo,
    },
    { title: t('sys.sort'), dataIndex: 'sort', search: false, width: 70 },
    { title: t('sys.description'), dataIndex: 'description', search: false, width: 180, ellipsis: true },
  ];

  const config: CrudConfig<DictItemRow, ItemForm, { label?: string }> = {
    name: t('sys.dict.item.entity'),
    testId: 'sys-dict-item',
    columns,
    api: {
      page: (q) => pageDictItems({ ...q, dictType: dict.type }),
      create: fresh(createDictItem),
      update: fresh(updateDictItem),
      remove: fresh(deleteDictItem),
      removeMany: fresh(deleteDictItems),
    },
    permissions: { add: PERMISSIONS.dict.add, edit: PERMISSIONS.dict.edit, remove: PERMISSIONS.dict.remove },
    rowLabel: (row) => row.label,
    actionsWidth: 130,
    form: {
      labelWidth: 100,
      initialValues: ({ record }) =>
        record
          ? {
              label: record.label,
              value: record.value,
              labelEn: record.labelEn ?? undefined,
              isDefault: record.isDefault || 'N',
              sort: record.sort ?? 0,
              description: record.description ?? undefined,
            }
          : { isDefault: 'N', sort: 0 },
      toPayload: (v) => ({
        dictType: dict.type,
        label: v.label.trim(),
        value: v.value.trim(),
        labelEn: v.labelEn?.trim() || null,
        isDefault: v.isDefault,
        sort: v.sort ?? 0,
        description: v.description?.trim() || null,
      }),
      fields: (
        <>
          <SchemaTextField {...ITEM} name="label" required testId="sys-dict-item-label" />
          <SchemaTextField {...ITEM} name="value" required testId="sys-dict-item-value" />
          <SchemaTextField
            {...ITEM}
            name="labelEn"
            label="sys.dict.item.labelEn"
            check={false}
            testId="sys-dict-item-labelEn"
          />
          <ProFormRadio.Group
            name="isDefault"
            label={t('field.dictItem.isDefault')}
            options={[
              { value: 'Y', label: t('common.yes') },
              { value: 'N', label: t('common.no') },
            ]}
          />
          <ProFormDigit name="sort" label={t('sys.sort')} min={0} max={9999} fieldProps={{ precision: 0 }} />
          <SchemaTextArea {...ITEM} name="description" label="sys.description" check={false} />
        </>
      ),
    },
  };
  return <CrudTable config={config} />;
}

export default function DictPage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState<DictType | null>(null);
  const [shown, setShown] = useState(false);

  const openItems = (row: DictType) => {
    setOpen(row);
    setShown(true);
  };

  const columns: ProColumns<DictType>[] = [
    {
      title: t('field.dict.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (_dom, row) => (
        <a data-testid="sys-dict-open" onClick={() => openItems(row)}>
          {row.name}
        </a>
      ),
    },
    { title: t('field.dict.type'), dataIndex: 'type', width: 220, ellipsis: true },
    {
      title: t('field.dict.isSystem'),
      dataIndex: 'isSystem',
      search: false,
      width: 100,
      render: (_dom, row) =>
        row.isSystem === YES ? <Tag color="blue">{t('common.yes')}</Tag> : <Tag>{t('common.no')}</Tag>,
    },
    { title: t('sys.description'), dataIndex: 'description', search: false, width: 220, ellipsis: true },
    createTimeColumn(t),
  ];

  const config: CrudConfig<DictType, TypeForm, { name?: string; type?: string }> = {
    name: t('sys.dict.entity'),
    title: t('sys.dict.title'),
    testId: 'sys-dict',
    columns,
    api: {
      page: pageDictTypes,
      create: createDictType,
      update: updateDictType,
      remove: deleteDictType,
      removeMany: deleteDictTypes,
    },
    permissions: { add: PERMISSIONS.dict.add, edit: PERMISSIONS.dict.edit, remove: PERMISSIONS.dict.remove },
    // spec §2: only system dictionaries are selectable rows in the type table
    rowSelectable: (row) => row.isSystem === YES,
    rowLabel: (row) => row.name,
    actionsWidth: 200,
    rowActions: (row) => [
      <Button
        key="items"
        type="link"
        size="small"
        style={ACTION_STYLE}
        data-testid="sys-dict-items"
        onClick={() => openItems(row)}
      >
        {t('sys.dict.items')}
      </Button>,
    ],
    form: {
      initialValues: ({ record }) =>
        record
          ? {
              name: record.name,
              type: record.type,
              isSystem: record.isSystem,
              description: record.description ?? undefined,
            }
          : { isSystem: NO },
      toPayload: (v) => ({
        name: v.name.trim(),
        type: v.type.trim(),
        isSystem: v.isSystem,
        description: v.description?.trim() || null,
      }),
      fields: (
        <>
          <SchemaTextField {...TYPE} name="name" required testId="sys-dict-name" />
          <SchemaTextField {...TYPE} name="type" required testId="sys-dict-type" />
          <ProFormRadio.Group
            name="isSystem"
            required
            label={t('field.dict.isSystem')}
            rules={[schemaRule(dictTypeCreateSchema.shape.isSystem, 'field.dict.isSystem')]}
            options={[...yesNoEnum(t)].map(([value, { text }]) => ({ value, label: text as string }))}
          />
          <SchemaTextArea {...TYPE} name="description" label="sys.description" check={false} />
        </>
      ),
    },
  };

  const P = PERMISSIONS.dict;
  return (
    // Dictionaries are province-wide (docs/security.md "Province-wide objects"): types and items alike.
    <ProvinceOnly object="dict" writeKeys={[P.add, P.edit, P.remove]}>
      <CrudTable config={config} />
      <Drawer
        open={shown}
        width={screens.md === false ? '100%' : 960}
        title={open ? t('sys.dict.itemsTitle', { name: `${open.name}（${open.type}）` }) : ''}
        onClose={() => setShown(false)}
        afterOpenChange={(o) => {
          if (!o) setOpen(null);
        }}
        destroyOnHidden
        styles={{ body: { padding: 12 } }}
      >
        {open && <DictItems key={open.id} dict={open} />}
      </Drawer>
    </ProvinceOnly>
  );
}
