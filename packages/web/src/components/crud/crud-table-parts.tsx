import { cloneElement, isValidElement, type Key, type ReactElement, type ReactNode } from 'react';
import { Space } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import type { ProColumns, ProTableProps } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tegang/domain';
import { useActions } from './confirm-action';
import { DetailDialog, type useDetail } from './detail-dialog';
import { DIALOG_WIDTH, FormDialog } from './form-dialog';
import { capitalize, rowNumber } from './query';
import type { useCrudForm } from './use-crud-form';
import { selectionTitle } from './selection-title';
import type { CrudList } from './use-crud-list';
import type { CrudConfig, CrudFormContext, RecordId } from './types';

/**
 * The parts of a CrudTable's ProTable (spec §7 "Generic list behaviour", §8, §9): the search form's
 * settings, the pager, the row selection, the lazy tree's expand icon, and the delete confirmations.
 */

type TFunction = ReturnType<typeof useTranslation>['t'];
type Props<T> = ProTableProps<T, Record<string, any>>;

/** The rows ticked: their keys and the rows themselves. */
export interface Selection<T> {
  keys: Key[];
  rows: T[];
}

/** The kept state of a screen (its search values, page and size) or undefined. */
interface Kept {
  search: Record<string, unknown>;
  current?: number;
  pageSize?: number;
}

/**
 * The search form's settings: collapsed to one row, as many fields as fit beside the buttons at the
 * form's width (2 at antd's lg, 3 at xxl), the rest behind 展开 (spec §2: every search field of a
 * list can be reached; a fixed count of two hid a third field at widths where ProForm draws no 展开
 * toggle); its buttons get stable test ids `${testId}-search-reset` / `-submit`; with kept values,
 * 重置 empties the form (`clearSearch`).
 */
export function searchSettings(
  testId: string,
  kept: Kept | undefined,
  clearSearch: () => void,
): Props<any>['search'] {
  return {
    labelWidth: 'auto',
    defaultCollapsed: true,
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
  };
}

/** The 序号 column: the row's number in the whole list (a tree: the place among its siblings). */
export function indexColumn<T extends Record<string, any>>(t: TFunction, list: CrudList<T>): ProColumns<T> {
  return {
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
  };
}

/**
 * The table's width and the tree's expand column. Columns keep their widths (ellipsis works); the
 * table scrolls sideways on narrow screens. Tree mode: the expand icon and the indent go into a data
 * column (`treeColumn`), not into the narrow 序号 column; antd counts the selection column and takes
 * one off an index it is given when rows are selectable.
 */
export function tableLayout<T>(columns: ProColumns<T>[], treeColumn: unknown, selectable: boolean) {
  const visible = columns.filter((c) => !c.hideInTable);
  const scrollX = visible.reduce(
    (sum, c) => sum + (typeof c.width === 'number' ? c.width : 140),
    selectable ? 48 : 0,
  );
  const column = Math.max(
    1,
    visible.findIndex((c) => treeColumn !== undefined && c.dataIndex === treeColumn),
  );
  return { scrollX, expandIconColumnIndex: column + (selectable ? 2 : 0) };
}

/** The pager of a paged list (spec §9: 10/20/30/50/100 or the screen's own sizes, total, jumper). */
export function paginationOf(
  t: TFunction,
  kept: Kept | undefined,
  pageSizes: readonly number[] | undefined,
): Props<any>['pagination'] {
  return {
    defaultPageSize: kept?.pageSize ?? DEFAULT_PAGE_SIZE,
    defaultCurrent: kept?.current ?? 1,
    pageSizeOptions: (pageSizes ?? PAGE_SIZES).map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showLessItems: true,
    showTotal: (total) => t('crud.total', { total }),
  };
}

/** The row selection: strict in a tree, each checkbox named by its row (WCAG 4.1.2). */
export function rowSelectionOf<T extends Record<string, any>>(
  t: TFunction,
  config: Pick<CrudConfig<T, any, any, any>, 'rowSelectable' | 'rowLabel'>,
  idOf: (row: T) => RecordId,
  selected: Selection<T>,
  setSelected: (selection: Selection<T>) => void,
): Props<T>['rowSelection'] {
  return {
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
  };
}

/**
 * Tree mode's `expandable`: the expand icon in the tree column (`expandIconColumnIndex`); a lazy tree
 * (`lazy`) shows a spinner on the node loading and loads a node's sub-rows when it opens.
 */
export function treeExpandable<T extends Record<string, any>>(
  list: CrudList<T>,
  lazy: boolean,
  idOf: (row: T) => RecordId,
  testId: string,
  expandIconColumnIndex: number,
): Props<T>['expandable'] {
  return {
    expandedRowKeys: list.expandedKeys,
    expandIconColumnIndex,
    onExpand: list.onExpand,
    onExpandedRowsChange: lazy ? undefined : (keys) => list.setExpandedKeys([...keys]),
    expandIcon: lazy
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
            <span className={`${prefixCls}-row-expand-icon ${prefixCls}-row-expand-icon-spaced`} />
          )
      : undefined,
  };
}

/** The selection bar above the table: the count and 清空. */
export function selectionAlert({
  selectedRowKeys,
  onCleanSelected,
  t,
}: {
  selectedRowKeys: Key[];
  onCleanSelected: () => void;
  t: TFunction;
}): ReactNode {
  return (
    <Space size={16}>
      <span>{t('crud.selected', { count: selectedRowKeys.length })}</span>
      <a onClick={onCleanSelected}>{t('crud.clearSelection')}</a>
    </Space>
  );
}

/**
 * The delete confirmations (spec §8 "Delete confirm"): one row (named by `rowLabel`) or the selected
 * rows, behind the '警告' dialog; the deleted rows leave the selection and the list reloads.
 */
export function useCrudDelete<T extends Record<string, any>>(props: {
  config: CrudConfig<T, any, any, any>;
  testId: string;
  idOf: (row: T) => RecordId;
  selected: Selection<T>;
  setSelected: (update: (s: Selection<T>) => Selection<T>) => void;
  reload: () => void;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const { config, testId, idOf, selected, setSelected } = props;
  const { api, name } = config;
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
      reload: props.reload,
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
      onSuccess: () => setSelected(() => ({ keys: [], rows: [] })),
      reload: props.reload,
    });
  };
  return { confirmDelete, confirmDeleteMany };
}

/**
 * The add/edit dialog (650 px unless the screen says otherwise; a drawer with `form.drawer`) and the
 * detail dialog of a CrudTable; a tree's 新增下级 fills the child's values from its parent.
 */
export function CrudDialogs<T extends Record<string, any>, V extends Record<string, any>, P>(props: {
  config: CrudConfig<T, V, any, P>;
  testId: string;
  dialog: ReturnType<typeof useCrudForm<T, V, P>>;
  detail: ReturnType<typeof useDetail<T>>;
  list: CrudList<T>;
  can: (key: string | undefined) => boolean;
}) {
  const { t } = useTranslation();
  const { config, testId, dialog, detail, list, can } = props;
  const { form, tree, name } = config;
  const formContext: CrudFormContext<T> | null = dialog.dialog
    ? { mode: dialog.dialog.mode, record: dialog.dialog.record, parent: dialog.dialog.parent }
    : null;
  const initialValues = (fctx: CrudFormContext<T>): Partial<V> | undefined => {
    const own = form?.initialValues?.(fctx);
    return fctx.parent && tree?.childValues ? { ...own, ...tree.childValues(fctx.parent) } : own;
  };

  return (
    <>
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
    </>
  );
}
