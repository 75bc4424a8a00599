import {
  cloneElement,
  isValidElement,
  useCallback,
  useRef,
  useState,
  type Key,
  type ReactElement,
} from 'react';
import { Grid, Space } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tegang/domain';
import { RowActions, toolbarButtons } from './actions';
import { useActions } from './confirm-action';
import { DetailDialog, useDetail } from './detail-dialog';
import { DIALOG_WIDTH, FormDialog } from './form-dialog';
import { useCan } from './permissions';
import { capitalize, rowNumber } from './query';
import { useCrudForm } from './use-crud-form';
import { useCrudList } from './use-crud-list';
import { selectionTitle } from './selection-title';
import { readScreenState, saveScreenState } from './screen-state';
import type { CrudConfig, CrudContext, CrudFormContext, RecordId } from './types';

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
  const actions = useActions();
  const { api, form, tree, permissions = {}, name } = config;
  const rowKey = config.rowKey ?? 'id';
  const idOf = useCallback((row: T) => row[rowKey] as RecordId, [rowKey]);
  const testId = config.testId ?? 'crud';
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });

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

  // ——— delete (spec §8 "Delete confirm") ———
  const confirmDelete = (row: T) => {
    const label = config.rowLabel?.(row);
    actions.confirm({
      content: t('crud.deleteConfirm', { name: label ? t('crud.named', { name, label }) : name }),
      danger: true,
      okTestId: `${testId}-delete-ok`,
      call: () => api.remove!(idOf(row)),
      successKey: 'common.deleted',
      onSuccess: () =>
        setSelected((s) => ({
          keys: s.keys.filter((k) => k !== idOf(row)),
          rows: s.rows.filter((r) => idOf(r) !== idOf(row)),
        })),
      reload: list.reload,
    });
  };

  const confirmDeleteMany = () => {
    const ids = selected.rows.map(idOf);
    if (!ids.length) return;
    actions.confirm({
      content: t('crud.deleteManyConfirm', { count: ids.length, name }),
      danger: true,
      okTestId: `${testId}-delete-ok`,
      call: () => api.removeMany!(ids),
      successKey: 'common.deleted',
      onSuccess: () => setSelected({ keys: [], rows: [] }),
      reload: list.reload,
    });
  };

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
    {
      title: t('crud.index'),
      dataIndex: '__index',
      key: '__index',
      search: false,
      width: 64,
      align: 'center',
      render: (_dom, _row, index) => {
        if (!list.paged) return index + 1; // a tree: the place among its siblings
        const info = list.actionRef.current?.pageInfo;
        return rowNumber(info?.current ?? 1, info?.pageSize ?? DEFAULT_PAGE_SIZE, index);
      },
    },
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

  // Columns keep their widths (ellipsis works); the table scrolls sideways on narrow screens.
  const scrollX = columns
    .filter((c) => !c.hideInTable)
    .reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 140), canSelect ? 48 : 0);

  // Tree mode: the expand icon and the indent go into a data column, not into the narrow 序号 column.
  // antd counts the selection column and takes one off an index it is given when rows are selectable.
  const visible = columns.filter((c) => !c.hideInTable);
  const treeColumn = Math.max(
    1,
    visible.findIndex((c) => tree?.column !== undefined && c.dataIndex === tree.column),
  );
  const expandIconColumnIndex = treeColumn + (canSelect ? 2 : 0);

  const formContext: CrudFormContext<T> | null = dialog.dialog
    ? { mode: dialog.dialog.mode, record: dialog.dialog.record, parent: dialog.dialog.parent }
    : null;
  const initialValues = (fctx: CrudFormContext<T>): Partial<V> | undefined => {
    const own = form?.initialValues?.(fctx);
    return fctx.parent && tree?.childValues ? { ...own, ...tree.childValues(fctx.parent) } : own;
  };

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
        search={{
          labelWidth: 'auto',
          defaultCollapsed: true,
          defaultFormItemsNumber: 2,
          span: { xs: 24, sm: 12, md: 12, lg: 8, xl: 8, xxl: 6 },
          // stable hooks for tests: [reset, search]
          optionRender: (_config, _props, dom) =>
            dom.map((node, i) =>
              isValidElement(node)
                ? cloneElement(node as ReactElement<Record<string, unknown>>, {
                    'data-testid': `${testId}-search-${i === 0 ? 'reset' : 'submit'}`,
                    // kept values are the form's initial values: 重置 must empty the form, not restore them
                    ...(i === 0 && kept ? { onClick: clearSearch } : {}),
                  })
                : node,
            ),
        }}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        dateFormatter="string"
        request={list.request}
        dataSource={tree ? list.rows : undefined}
        onDataSourceChange={tree ? list.setRows : undefined}
        expandable={
          tree
            ? {
                expandedRowKeys: list.expandedKeys,
                expandIconColumnIndex,
                onExpand: list.onExpand,
                onExpandedRowsChange: tree.children ? undefined : (keys) => list.setExpandedKeys([...keys]),
                expandIcon: tree.children
                  ? ({ expanded, expandable, record, onExpand, prefixCls }) =>
                      list.loadingKey !== null && list.loadingKey === idOf(record) ? (
                        <LoadingOutlined style={{ marginInlineEnd: 8 }} />
                      ) : expandable ? (
                        <button
                          type="button"
                          aria-label={expanded ? 'collapse' : 'expand'}
                          className={`${prefixCls}-row-expand-icon ${prefixCls}-row-expand-icon-${expanded ? 'expanded' : 'collapsed'}`}
                          data-testid={`${testId}-expand`}
                          onClick={(e) => onExpand(record, e)}
                        />
                      ) : (
                        <span
                          className={`${prefixCls}-row-expand-icon ${prefixCls}-row-expand-icon-spaced`}
                        />
                      )
                  : undefined,
              }
            : undefined
        }
        pagination={
          list.paged
            ? {
                defaultPageSize: kept?.pageSize ?? DEFAULT_PAGE_SIZE,
                defaultCurrent: kept?.current ?? 1,
                pageSizeOptions: (config.pageSizes ?? PAGE_SIZES).map(String),
                showSizeChanger: true,
                showQuickJumper: true,
                showLessItems: true,
                showTotal: (total) => t('crud.total', { total }),
              }
            : false
        }
        rowSelection={
          canSelect
            ? {
                selectedRowKeys: selected.keys,
                checkStrictly: true,
                onChange: (keys, rows) => setSelected({ keys, rows }),
                columnTitle: selectionTitle,
                getCheckboxProps: (row) => ({
                  disabled: config.rowSelectable ? !config.rowSelectable(row) : false,
                  // Every control needs a name (WCAG 4.1.2): the row's label when the screen gives one.
                  'aria-label': t('crud.selectRow', {
                    name: config.rowLabel?.(row) ?? String(idOf(row)),
                  }),
                }),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space size={16}>
            <span>{t('crud.selected', { count: selectedRowKeys.length })}</span>
            <a onClick={onCleanSelected}>{t('crud.clearSelection')}</a>
          </Space>
        )}
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

      {form && dialog.dialog && formContext && (
        <FormDialog<V>
          key={dialog.dialog.key}
          drawer={!!form.drawer}
          open={dialog.dialog.open}
          title={
            form.title?.(formContext) ??
            capitalize(t(dialog.dialog.mode === 'create' ? 'crud.addTitle' : 'crud.editTitle', { name }))
          }
          width={form.width ?? DIALOG_WIDTH}
          formRef={dialog.formRef}
          labelWidth={form.labelWidth ?? 120}
          initialValues={initialValues(formContext)}
          submitText={t('common.confirm')}
          cancelText={t('common.cancel')}
          testId={testId}
          onClose={dialog.close}
          afterClose={dialog.afterClose}
          onFinish={dialog.submit}
        >
          {typeof form.fields === 'function' ? form.fields(formContext) : form.fields}
        </FormDialog>
      )}

      {config.detail && detail.detail && (
        <DetailDialog<T>
          config={config.detail}
          name={name}
          testId={testId}
          state={detail.detail}
          onClose={detail.close}
          afterClose={detail.afterClose}
          context={{
            close: detail.close,
            show: (id) => void detail.showId(id),
            reload: list.reload,
            query: list.query,
            can,
          }}
        />
      )}
    </div>
  );
}
