import type { ReactNode } from 'react';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import type { ApiResult, Page } from '@tegang/domain';
import type { FormFieldIssue } from './field-errors';

/**
 * The configuration of one list screen (DESIGN "Layout": a screen of the spec is a config — columns,
 * form, permissions — handed to one shared CRUD component).
 */

/** An envelope whose `msg` is shown as the success message (spec §7 "Generic list behaviour"). */
export type Envelope = ApiResult<unknown>;
export type RecordId = number | string;
export type FormMode = 'create' | 'edit';

/** Paging of every list (spec §9): `current` and `size`. */
export interface Paging {
  current: number;
  size: number;
}

export interface CrudApi<T, Q> {
  /** The list: search values (from the columns' search fields) plus paging. */
  page: (query: Q & Paging) => Promise<Page<T>>;
  /** One record, for the detail view and before editing. */
  get?: (id: RecordId) => Promise<T>;
  create?: (payload: any) => Promise<Envelope>;
  update?: (payload: any) => Promise<Envelope>;
  remove?: (id: RecordId) => Promise<Envelope>;
  /** DELETE …/deleteByIds {idList}: enables row selection and batch delete. */
  removeMany?: (ids: RecordId[]) => Promise<Envelope>;
}

export interface CrudFormContext<T> {
  mode: FormMode;
  record?: T;
}

export interface CrudForm<T, V> {
  /** ProForm fields, or a function of the mode and the record being edited. */
  fields: ReactNode | ((ctx: CrudFormContext<T>) => ReactNode);
  /** Form values of a record (edit) or the defaults (create). */
  initialValues?: (ctx: CrudFormContext<T>) => Partial<V>;
  /** The API payload of the submitted values; on edit the record's id is added when missing. */
  toPayload?: (values: V, ctx: CrudFormContext<T>) => unknown;
  /** Cross-field rules run on submit, after the field rules; issues are shown on their fields. */
  validate?: (values: V, ctx: CrudFormContext<T>) => FormFieldIssue[];
  /** The form field of a payload field named by the server's 400 answer (default: the same name). */
  fieldName?: (payloadField: string) => FormFieldIssue['name'] | null;
  /** Dialog title; default 新增{name} / 修改{name}. */
  title?: (ctx: CrudFormContext<T>) => ReactNode;
  /** Show the form in a drawer instead of a dialog. */
  drawer?: boolean;
  /** Dialog width; spec §2 "Dialog width is 650". */
  width?: number;
  /** Label width of the horizontal form, px; 0 for a vertical form. */
  labelWidth?: number;
  /** Fetch the record with api.get before editing (default: when api.get exists). */
  loadRecord?: boolean;
}

/** Permission keys per action: the button shows only when the key is granted (or none is given). */
export interface CrudPermissions {
  add?: string;
  edit?: string;
  remove?: string;
  detail?: string;
}

export interface DetailGroup<T> {
  title: ReactNode;
  columns: ProDescriptionsItemProps<T>[];
  /** Items per row on wide screens (default 2; 1 under 576 px). */
  column?: number;
}

export interface CrudDetail<T> {
  groups: DetailGroup<T>[];
  width?: number;
}

/** What toolbar and row actions can do. */
export interface CrudContext<T> {
  reload: () => void;
  /** The search values of the list on screen (without paging), e.g. for an export. */
  query: () => Record<string, unknown>;
  selectedRows: T[];
  /** The total of the list on screen (null before it loaded). */
  total: () => number | null;
  can: (key: string | undefined) => boolean;
}

export interface CrudConfig<T, V = Record<string, any>, Q = Record<string, unknown>> {
  /** The entity's name in messages: 是否确认删除当前{name}, 新增{name}. */
  name: string;
  /** The table's header title. */
  title?: ReactNode;
  rowKey?: keyof T & string;
  /** ProTable columns: they also make the search form (search: false to leave one out). */
  columns: ProColumns<T>[];
  api: CrudApi<T, Q>;
  form?: CrudForm<T, V>;
  permissions?: CrudPermissions;
  /** Rows that can be selected for batch delete (spec: only plans with status 0). */
  rowSelectable?: (row: T) => boolean;
  /** Rows whose delete action is enabled (default: all). */
  rowRemovable?: (row: T) => boolean;
  /** A row's name for the delete confirm, e.g. the plan name. */
  rowLabel?: (row: T) => string;
  detail?: CrudDetail<T>;
  /** Label of the row's edit action (default 修改). */
  editLabel?: string;
  /** Extra toolbar buttons (after add and batch delete). */
  toolbar?: (ctx: CrudContext<T>) => ReactNode[];
  /** Extra row actions (between edit and delete). */
  rowActions?: (row: T, ctx: CrudContext<T>) => ReactNode[];
  /** Width of the action column. */
  actionsWidth?: number;
  /** A data-testid prefix for the table and its buttons (default 'crud'). */
  testId?: string;
}
