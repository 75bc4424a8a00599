import {
  cloneElement,
  isValidElement,
  useCallback,
  useRef,
  useState,
  type Key,
  type MutableRefObject,
  type ReactElement,
  type ReactNode,
} from 'react';
import { App, Button, Grid, Modal, Skeleton, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DrawerForm,
  ModalForm,
  ProDescriptions,
  ProTable,
  type ActionType,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tegang/domain';
import { applyIssues, applyServerErrors } from './field-errors';
import { useCan } from './permissions';
import type { CrudConfig, CrudContext, CrudFormContext, Envelope, FormMode, Paging, RecordId } from './types';
import './strings';

/** Row action buttons: link buttons with a tight padding so that several fit in the fixed column. */
export const ACTION_STYLE = { paddingInline: 4 };

/** Default dialog width (spec §2 "Dialog width is 650"). */
export const DIALOG_WIDTH = 650;

interface DialogState<T> {
  mode: FormMode;
  record?: T;
  key: number;
  open: boolean;
}

interface DetailState<T> {
  record?: T;
  open: boolean;
}

interface FormDialogProps<V> {
  drawer: boolean;
  open: boolean;
  title: ReactNode;
  width: number;
  formRef: MutableRefObject<ProFormInstance<V> | undefined>;
  labelWidth: number;
  initialValues?: Partial<V>;
  submitText: string;
  cancelText: string;
  testId: string;
  onClose: () => void;
  afterClose: () => void;
  onFinish: (values: V) => Promise<boolean>;
  children: ReactNode;
}

/** The add/edit form in a dialog (default) or a drawer; horizontal labels unless labelWidth is 0. */
function FormDialog<V extends Record<string, any>>(props: FormDialogProps<V>) {
  const { labelWidth, testId } = props;
  const common = {
    open: props.open,
    title: props.title,
    width: props.width,
    formRef: props.formRef,
    layout: labelWidth ? ('horizontal' as const) : ('vertical' as const),
    labelCol: labelWidth ? { flex: `${labelWidth}px` } : undefined,
    wrapperCol: labelWidth ? { flex: 1 } : undefined,
    labelWrap: true,
    initialValues: props.initialValues,
    dateFormatter: false as const,
    scrollToFirstError: true,
    submitter: {
      searchConfig: { submitText: props.submitText, resetText: props.cancelText },
      submitButtonProps: { 'data-testid': `${testId}-form-submit` },
    },
    onOpenChange: (open: boolean) => {
      if (!open) props.onClose();
    },
    onFinish: props.onFinish,
  };
  const body = <div data-testid={`${testId}-form`}>{props.children}</div>;
  return props.drawer ? (
    <DrawerForm<V>
      {...common}
      drawerProps={{
        maskClosable: false,
        afterOpenChange: (open) => {
          if (!open) props.afterClose();
        },
      }}
    >
      {body}
    </DrawerForm>
  ) : (
    <ModalForm<V>
      {...common}
      modalProps={{
        maskClosable: false,
        afterClose: props.afterClose,
        styles: { body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } },
      }}
    >
      {body}
    </ModalForm>
  );
}

/** A title starts with a capital ('enrolment details' → 'Enrolment details'); Chinese is unchanged. */
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Search values without the empty ones and without ProTable's own keys. */
function cleanQuery(params: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'current' || k === 'pageSize' || k === 'keyword' || k.startsWith('_')) continue;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    query[k] = v;
  }
  return query;
}

/**
 * The shared list screen (spec §2 list screens, §7 "Generic list behaviour", §8, §9): a ProTable over
 * `config.api.page` with the search form made from the columns, an index column (序号), paging with
 * current/size (default 10; 10/20/30/50/100; 5 pager buttons), add/edit in a 650 px dialog, detail,
 * delete and batch delete with the '警告' confirm, permission-gated buttons, the server's msg on
 * success, and the 400 answer's field errors shown on the form fields.
 */
export function CrudTable<
  T extends Record<string, any>,
  V extends Record<string, any> = Record<string, any>,
  Q = Record<string, unknown>,
>({ config }: { config: CrudConfig<T, V, Q> }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const screens = Grid.useBreakpoint();
  const actionRef = useRef<ActionType>(undefined);
  const formRef = useRef<ProFormInstance<V>>(undefined);
  const queryRef = useRef<Record<string, unknown>>({});
  const totalRef = useRef<number | null>(null);
  const dialogKey = useRef(0);
  const [dialog, setDialog] = useState<DialogState<T> | null>(null);
  const [detail, setDetail] = useState<DetailState<T> | null>(null);
  const [busyRow, setBusyRow] = useState<RecordId | null>(null);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });

  const { api, form, permissions = {}, name } = config;
  const rowKey = (config.rowKey ?? 'id') as keyof T & string;
  const idOf = useCallback((row: T) => row[rowKey] as RecordId, [rowKey]);
  const testId = config.testId ?? 'crud';

  const reload = useCallback(() => void actionRef.current?.reload(), []);
  const ctx: CrudContext<T> = {
    reload,
    query: () => ({ ...queryRef.current }),
    selectedRows: selected.rows,
    total: () => totalRef.current,
    can,
  };

  const showSuccess = (res: Envelope | undefined, fallbackKey: string) =>
    message.success(res?.msg || t(fallbackKey));

  // ——— list ———
  // A stable request: ProTable fetches again whenever `request` changes identity.
  const pageRef = useRef(api.page);
  pageRef.current = api.page;
  const request = useCallback(async (params: Record<string, any>) => {
    const { current = 1, pageSize = DEFAULT_PAGE_SIZE } = params;
    const query = cleanQuery(params);
    queryRef.current = query;
    try {
      const page = await pageRef.current({ ...query, current, size: pageSize } as Q & Paging);
      if (!page.records.length && current > 1 && page.total > 0) {
        // the last row of a page was deleted: show the last page that still has rows
        actionRef.current?.setPageInfo?.({ current: Math.ceil(page.total / pageSize) });
      }
      totalRef.current = page.total;
      return { data: page.records, total: page.total, success: true };
    } catch {
      return { data: [] as T[], total: 0, success: false };
    }
  }, []);

  // ——— add / edit ———
  const openForm = async (mode: FormMode, row?: T) => {
    let record = row;
    if (mode === 'edit' && row && api.get && form?.loadRecord !== false) {
      setBusyRow(idOf(row));
      try {
        record = await api.get(idOf(row));
      } catch {
        return; // the request client showed the error
      } finally {
        setBusyRow(null);
      }
    }
    dialogKey.current += 1;
    setDialog({ mode, record, key: dialogKey.current, open: true });
  };

  const submit = async (values: V): Promise<boolean> => {
    if (!dialog || !form) return false;
    const fctx: CrudFormContext<T> = { mode: dialog.mode, record: dialog.record };
    let payload: Record<string, unknown>;
    try {
      const issues = form.validate?.(values, fctx) ?? [];
      if (issues.length && formRef.current) {
        applyIssues(formRef.current, issues);
        return false;
      }
      payload = (form.toPayload ? form.toPayload(values, fctx) : values) as Record<string, unknown>;
    } catch (error) {
      // a bug in a screen's config: say so instead of a dialog that silently does nothing
      console.error(error);
      message.error(t('error.unknown'));
      return false;
    }
    if (dialog.mode === 'edit' && dialog.record && payload[rowKey] === undefined)
      payload = { ...payload, [rowKey]: idOf(dialog.record) };
    const call = dialog.mode === 'create' ? api.create : api.update;
    if (!call) return false;
    try {
      const res = await call(payload);
      showSuccess(res, 'common.saved');
      reload();
      return true;
    } catch (error) {
      if (formRef.current) applyServerErrors(formRef.current, error, form.fieldName);
      return false;
    }
  };

  // ——— detail ———
  const openDetail = async (row: T) => {
    setDetail({ open: true });
    try {
      const record = api.get ? await api.get(idOf(row)) : row;
      setDetail({ open: true, record });
    } catch {
      setDetail(null);
    }
  };

  // ——— delete ———
  const confirmDelete = (row: T) => {
    const label = config.rowLabel?.(row);
    modal.confirm({
      title: t('common.warning'),
      content: t('crud.deleteConfirm', { name: label ? t('crud.named', { name, label }) : name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': `${testId}-delete-ok` },
      onOk: async () => {
        try {
          showSuccess(await api.remove!(idOf(row)), 'common.deleted');
          setSelected((s) => ({
            keys: s.keys.filter((k) => k !== idOf(row)),
            rows: s.rows.filter((r) => idOf(r) !== idOf(row)),
          }));
          reload();
        } catch {
          // shown by the request client
        }
      },
    });
  };

  const confirmDeleteMany = () => {
    const ids = selected.rows.map(idOf);
    if (!ids.length) return;
    modal.confirm({
      title: t('common.warning'),
      content: t('crud.deleteManyConfirm', { count: ids.length, name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': `${testId}-delete-ok` },
      onOk: async () => {
        try {
          showSuccess(await api.removeMany!(ids), 'common.deleted');
          setSelected({ keys: [], rows: [] });
          reload();
        } catch {
          // shown by the request client
        }
      },
    });
  };

  // ——— columns ———
  const canEdit = !!(form && api.update && can(permissions.edit));
  const canRemove = !!(api.remove && can(permissions.remove));
  const canDetail = !!(config.detail && can(permissions.detail));
  const canRemoveMany = !!(api.removeMany && can(permissions.remove));
  const canAdd = !!(form && api.create && can(permissions.add));

  const rowActions = (row: T): ReactNode[] => {
    const busy = busyRow !== null && busyRow === idOf(row);
    const actions: ReactNode[] = [];
    if (canDetail)
      actions.push(
        <Button
          key="view"
          type="link"
          size="small"
          style={ACTION_STYLE}
          data-testid={`${testId}-view`}
          onClick={() => void openDetail(row)}
        >
          {t('crud.view')}
        </Button>,
      );
    if (canEdit)
      actions.push(
        <Button
          key="edit"
          type="link"
          size="small"
          style={ACTION_STYLE}
          loading={busy}
          data-testid={`${testId}-edit`}
          onClick={() => void openForm('edit', row)}
        >
          {config.editLabel ?? t('crud.edit')}
        </Button>,
      );
    actions.push(...(config.rowActions?.(row, ctx) ?? []));
    if (canRemove)
      actions.push(
        <Button
          key="delete"
          type="link"
          size="small"
          style={ACTION_STYLE}
          danger
          disabled={config.rowRemovable ? !config.rowRemovable(row) : false}
          data-testid={`${testId}-delete`}
          onClick={() => confirmDelete(row)}
        >
          {t('crud.delete')}
        </Button>,
      );
    return actions;
  };

  const columns: ProColumns<T>[] = [
    {
      title: t('crud.index'),
      dataIndex: '__index',
      key: '__index',
      search: false,
      width: 64,
      align: 'center',
      render: (_dom, _row, index) => {
        const info = actionRef.current?.pageInfo;
        return ((info?.current ?? 1) - 1) * (info?.pageSize ?? DEFAULT_PAGE_SIZE) + index + 1;
      },
    },
    ...config.columns,
  ];
  const hasRowActions = canDetail || canEdit || canRemove || !!config.rowActions;
  if (hasRowActions)
    columns.push({
      title: t('crud.actions'),
      key: '__actions',
      valueType: 'option',
      fixed: 'right',
      // narrow screens: a narrower fixed column whose actions wrap, leaving room for the data
      width: screens.lg === false ? Math.min(config.actionsWidth ?? 200, 240) : (config.actionsWidth ?? 200),
      render: (_dom, row) => (
        <Space size={0} wrap>
          {rowActions(row)}
        </Space>
      ),
    });

  // Columns keep their widths (ellipsis works); the table scrolls sideways on narrow screens.
  const scrollX = columns
    .filter((c) => !c.hideInTable)
    .reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 140), canRemoveMany ? 48 : 0);

  const toolbar = (): ReactNode[] => {
    const buttons: ReactNode[] = [];
    if (canAdd)
      buttons.push(
        <Button
          key="add"
          type="primary"
          icon={<PlusOutlined />}
          data-testid={`${testId}-add`}
          onClick={() => void openForm('create')}
        >
          {t('crud.add')}
        </Button>,
      );
    if (canRemoveMany)
      buttons.push(
        <Button
          key="batchDelete"
          danger
          icon={<DeleteOutlined />}
          disabled={!selected.keys.length}
          data-testid={`${testId}-batch-delete`}
          onClick={confirmDeleteMany}
        >
          {t('crud.batchDelete')}
        </Button>,
      );
    buttons.push(...(config.toolbar?.(ctx) ?? []));
    return buttons;
  };

  const formContext: CrudFormContext<T> | null = dialog ? { mode: dialog.mode, record: dialog.record } : null;
  const labelWidth = form?.labelWidth ?? 120;

  return (
    <div data-testid={testId}>
      <ProTable<T>
        rowKey={rowKey}
        columns={columns}
        actionRef={actionRef}
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
                  })
                : node,
            ),
        }}
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        dateFormatter="string"
        request={request}
        pagination={{
          defaultPageSize: DEFAULT_PAGE_SIZE,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showQuickJumper: true,
          showLessItems: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
        rowSelection={
          canRemoveMany
            ? {
                selectedRowKeys: selected.keys,
                onChange: (keys, rows) => setSelected({ keys, rows }),
                getCheckboxProps: (row) => ({
                  disabled: config.rowSelectable ? !config.rowSelectable(row) : false,
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
        toolBarRender={toolbar}
      />

      {form && dialog && formContext && (
        <FormDialog<V>
          key={dialog.key}
          drawer={!!form.drawer}
          open={dialog.open}
          title={
            form.title?.(formContext) ??
            capitalize(t(dialog.mode === 'create' ? 'crud.addTitle' : 'crud.editTitle', { name }))
          }
          width={form.width ?? DIALOG_WIDTH}
          formRef={formRef}
          labelWidth={labelWidth}
          initialValues={form.initialValues?.(formContext)}
          submitText={t('common.confirm')}
          cancelText={t('common.cancel')}
          testId={testId}
          onClose={() => setDialog((d) => (d ? { ...d, open: false } : d))}
          afterClose={() => setDialog(null)}
          onFinish={submit}
        >
          {typeof form.fields === 'function' ? form.fields(formContext) : form.fields}
        </FormDialog>
      )}

      {config.detail && detail && (
        <Modal
          open={detail.open}
          title={capitalize(t('crud.detailTitle', { name }))}
          width={config.detail.width ?? DIALOG_WIDTH}
          footer={
            <Button onClick={() => setDetail((d) => (d ? { ...d, open: false } : d))}>
              {t('common.back')}
            </Button>
          }
          onCancel={() => setDetail((d) => (d ? { ...d, open: false } : d))}
          afterClose={() => setDetail(null)}
          styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } }}
        >
          <div data-testid={`${testId}-detail`}>
            {detail.record ? (
              config.detail.groups.map((group, i) => (
                <ProDescriptions<T>
                  key={i}
                  title={group.title}
                  dataSource={detail.record}
                  columns={group.columns}
                  column={screens.sm === false ? 1 : (group.column ?? 2)}
                  styles={{ label: { width: 108, minWidth: 88 } }}
                  bordered
                  size="small"
                  style={{ marginBottom: 16 }}
                />
              ))
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            )}
          </div>
        </Modal>
      )}
    </div>
  );
}
