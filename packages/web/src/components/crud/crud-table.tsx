import { useCallback, useRef, useState } from 'react';
import { Grid, Space } from 'antd';
import { ProTable, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { RowActions, toolbarButtons } from './actions';
import {
  CrudDialogs,
  indexColumn,
  paginationOf,
  rowSelectionOf,
  searchSettings,
  selectionAlert,
  tableLayout,
  treeExpandable,
  useCrudDelete,
  type Selection,
} from './crud-table-parts';
import { useDetail } from './detail-dialog';
import { useCan } from './permissions';
import { useCrudForm } from './use-crud-form';
import { useCrudList } from './use-crud-list';
import { readScreenState, saveScreenState } from './screen-state';
import type { CrudConfig, CrudContext, RecordId } from './types';

export { ACTION_STYLE, RowButton } from './actions';
export { DIALOG_WIDTH } from './form-dialog';

/** Whether the window is at least antd's md breakpoint (768 px) wide now; true outside a browser. */
const wideWindow = () =>
  typeof window === 'undefined' || !window.matchMedia || window.matchMedia('(min-width: 768px)').matches;

/** The search values worth keeping: without empty ones (undefined, null, '', []). */
const withoutEmpty = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && !v.length),
    ),
  );

/**
 * The shared list screen (DESIGN "Layout": a screen of the spec is a config handed to one shared CRUD
 * component; spec §2 list screens, §7 "Generic list behaviour", §8, §9). Props: `config` (CrudConfig:
 * columns, api, form, permissions, detail, tree …). It shows a ProTable with the search form made
 * from the columns, an index column (序号), paging with current/size (default 10; 10/20/30/50/100;
 * 5 pager buttons), add/edit in a 650 px dialog (field errors of a 400 answer on the form), detail,
 * delete and batch delete behind the '警告' confirm, buttons only for granted permissions, and the
 * server's msg on success. With `config.tree` the rows are a tree (whole or lazily loaded) without
 * paging, and each node offers 新增下级.
 */
export function CrudTable<
  T extends Record<string, any>,
  V extends Record<string, any> = Record<string, any>,
  Q = Record<string, unknown>,
  P = unknown,
>({ config }: { config: CrudConfig<T, V, Q, P> }) {
  const { t } = useTranslation();
  const can = useCan();
  const screens = Grid.useBreakpoint();
  // Read at once on the first render too (useBreakpoint answers only after an effect): ProTable takes
  // each column's `fixed` from its first columns and keeps it while the screen stays open.
  const phone = (screens.md ?? wideWindow()) === false;
  const { api, form, tree, permissions = {} } = config;
  const rowKey = config.rowKey ?? 'id';
  const idOf = useCallback((row: T) => row[rowKey] as RecordId, [rowKey]);
  const testId = config.testId ?? 'crud';
  const [selected, setSelected] = useState<Selection<T>>({ keys: [], rows: [] });

  // the kept search values, page and size of this screen (switching console tabs unmounts it)
  const [kept] = useState(() => (config.stateKey ? readScreenState(config.stateKey) : undefined));
  const formRef = useRef<ProFormInstance>(undefined);
  const clearSearch = () => {
    const search = formRef.current;
    if (!search) return;
    const values = search.getFieldsValue(true) as Record<string, unknown>;
    search.setFieldsValue(Object.fromEntries(Object.keys(values).map((k) => [k, undefined])));
    search.submit();
  };
  const list = useCrudList<T, Q>({
    api,
    tree,
    idOf,
    onRequest: config.stateKey
      ? ({ current, pageSize }) =>
          saveScreenState(config.stateKey!, {
            search: withoutEmpty(formRef.current?.getFieldsValue?.() ?? {}),
            current,
            pageSize,
          })
      : undefined,
  });
  const dialog = useCrudForm<T, V, P>({ api, form, rowKey, idOf, reload: list.reload });
  const detail = useDetail<T>(api.get, idOf);

  const ctx: CrudContext<T> = {
    reload: list.reload,
    query: list.query,
    selectedRows: selected.rows,
    total: list.total,
    can,
  };
  const { confirmDelete, confirmDeleteMany } = useCrudDelete({
    config,
    testId,
    idOf,
    selected,
    setSelected,
    reload: list.reload,
  });

  // ——— what the user may do ———
  const canEdit = !!(form && api.update && can(permissions.edit));
  const canRemove = !!(api.remove && can(permissions.remove));
  const canDetail = !!(config.detail && can(permissions.detail));
  const canRemoveMany = !!(api.removeMany && can(permissions.remove));
  // Rows are selectable for batch delete, or for the screen's own batch actions (`selectable`).
  const canSelect = canRemoveMany || !!config.selectable?.(can);
  const canAdd = !!(form && api.create && can(permissions.add));
  const canAddChild = canAdd && !!tree?.childValues;

  // ——— columns ———
  const columns: ProColumns<T>[] = [
    indexColumn<T>(t, list),
    // On a phone (below antd's md, 768 px) no column is fixed: fixed columns (the actions, a screen's
    // audit columns) would take the whole narrow box and leave the scrolled data a sliver; the row
    // scrolls sideways as one inside the table's own box instead.
    ...(phone ? config.columns.map((c) => ({ ...c, fixed: undefined })) : config.columns),
  ];
  const hasRowActions = canDetail || canEdit || canRemove || canAddChild || !!config.rowActions;
  if (hasRowActions)
    columns.push({
      title: t('crud.actions'),
      key: '__actions',
      valueType: 'option',
      fixed: phone ? undefined : 'right',
      // narrow screens: a narrower column whose actions wrap, leaving room for the data
      width: screens.lg === false ? Math.min(config.actionsWidth ?? 200, 240) : (config.actionsWidth ?? 200),
      render: (_dom, row) => (
        <RowActions
          testId={testId}
          onView={canDetail ? () => void detail.show(row) : undefined}
          onAddChild={
            canAddChild && (tree?.canAddChild?.(row) ?? true)
              ? () => void dialog.open('create', undefined, row)
              : undefined
          }
          onEdit={canEdit ? () => void dialog.open('edit', row) : undefined}
          editing={dialog.busyRow !== null && dialog.busyRow === idOf(row)}
          editLabel={config.editLabel}
          extra={config.rowActions?.(row, ctx)}
          onDelete={canRemove ? () => confirmDelete(row) : undefined}
          deleteDisabled={config.rowRemovable ? !config.rowRemovable(row) : false}
        />
      ),
    });

  const { scrollX, expandIconColumnIndex } = tableLayout(columns, tree?.column, canSelect);

  return (
    <div data-testid={testId}>
      <ProTable<T>
        rowKey={rowKey}
        columns={columns}
        actionRef={list.actionRef}
        formRef={formRef}
        form={kept ? { initialValues: kept.search } : undefined}
        headerTitle={config.title}
        cardBordered
        scroll={{ x: scrollX }}
        search={searchSettings(testId, kept, clearSearch)}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        dateFormatter="string"
        request={list.request}
        dataSource={tree ? list.rows : undefined}
        onDataSourceChange={tree ? list.setRows : undefined}
        expandable={
          tree ? treeExpandable(list, !!tree.children, idOf, testId, expandIconColumnIndex) : undefined
        }
        pagination={list.paged ? paginationOf(t, kept, config.pageSizes) : false}
        rowSelection={canSelect ? rowSelectionOf(t, config, idOf, selected, setSelected) : false}
        tableAlertRender={(props) => selectionAlert({ ...props, t })}
        tableAlertOptionRender={false}
        toolBarRender={() => {
          const buttons = toolbarButtons({
            t,
            testId,
            onAdd: canAdd ? () => void dialog.open('create') : undefined,
            onDeleteMany: canRemoveMany ? confirmDeleteMany : undefined,
            selectedCount: selected.keys.length,
            extra: config.toolbar?.(ctx),
          });
          // On a phone the buttons wrap onto more lines rather than run off the screen's right edge.
          return phone
            ? [
                <Space key="toolbar" wrap data-testid={`${testId}-toolbar`}>
                  {buttons}
                </Space>,
              ]
            : buttons;
        }}
      />
      <CrudDialogs config={config} testId={testId} dialog={dialog} detail={detail} list={list} can={can} />
    </div>
  );
}
