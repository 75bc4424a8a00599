import type { ReactNode } from 'react';
import type { ProColumns, ProDescriptionsItemProps } from '@ant-design/pro-components';
import type { ApiResult, Page } from '@tegang/domain';
import type { FormFieldIssue } from '../form-errors';

/**
 * The configuration of one list screen (DESIGN "Layout": a screen of the spec is a config — columns,
 * form, permissions — handed to one shared CRUD component).
 */

/** An envelope whose `msg` is shown as the success message (spec §7 "Generic list behaviour"). */
export type Envelope = ApiResult<unknown>;
export type RecordId = number | string;
export type FormMode = 'create' | 'edit';
/** An update payload: the form's payload and the id of the record being edited. */
export type WithId<P> = P & { id: number };

/** Paging of every list (spec §9): `current` and `size`. */
export interface Paging {
  current: number;
  size: number;
}

/**
 * The calls of a screen. `P` is the payload of create and update: what `form.toPayload` returns (on
 * update the record's id is added under `rowKey` when the payload lacks it).
 */
export interface CrudApi<T, Q, P = unknown> {
  /**
   * The list: search values (from the columns' search fields) plus paging. Optional in tree mode,
   * where it serves the searches of a lazy tree (a flat, paged list of the matches).
   */
  page?: (query: Q & Paging) => Promise<Page<T>>;
  /** One record, for the detail view and before editing. */
  get?: (id: RecordId) => Promise<T>;
  create?: (payload: P) => Promise<Envelope>;
  /** The payload with the record's id (added under `rowKey` when `toPayload` leaves it out). */
  update?: (payload: WithId<P>) => Promise<Envelope>;
  remove?: (id: RecordId) => Promise<Envelope>;
  /** DELETE …/deleteByIds {idList}: enables row selection and batch delete. */
  removeMany?: (ids: RecordId[]) => Promise<Envelope>;
}

/** What the form knows: create or edit, the record being edited, the parent of an added child. */
export interface CrudFormContext<T> {
  mode: FormMode;
  record?: T;
  /** Tree mode, "add child" on a node: the node the new record goes under. */
  parent?: T;
}

export interface CrudForm<T, V, P = unknown> {
  /** ProForm fields, or a function of the mode and the record being edited. */
  fields: ReactNode | ((ctx: CrudFormContext<T>) => ReactNode);
  /** Form values of a record (edit) or the defaults (create). */
  initialValues?: (ctx: CrudFormContext<T>) => Partial<V>;
  /** The API payload of the submitted values; on edit the record's id is added when missing. */
  toPayload?: (values: V, ctx: CrudFormContext<T>) => P;
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

/** What the detail dialog's extra buttons can do. */
export interface DetailContext<T> {
  /** Closes the dialog. */
  close: () => void;
  /** Shows the record with this id in the same dialog (fetched with api.get). */
  show: (id: RecordId) => void;
  /** Reloads the list behind the dialog. */
  reload: () => void;
  /** The search values of the list behind the dialog (without paging). */
  query: () => Record<string, unknown>;
  /** Whether the user holds a permission key. */
  can: (key: string | undefined) => boolean;
  /** The record on screen (undefined while it loads). */
  record?: T;
}

export interface CrudDetail<T> {
  groups: DetailGroup<T>[];
  width?: number;
  /** Extra buttons of the dialog's footer, before 返回 (e.g. audit decisions, next/previous). */
  footer?: (ctx: DetailContext<T>) => ReactNode;
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

/**
 * Tree mode (regions, menus, departments): the rows are shown as a tree without paging, with "add
 * child" on each node. A full tree comes whole from `roots`; a lazy tree (`children` given) loads a
 * node's sub-rows when it is expanded, and shows a search as the flat, paged list of `api.page`.
 */
export interface CrudTree<T, V, Q> {
  /**
   * The top rows with the search values: for a full tree every row with its `children`; for a lazy
   * tree the first level only.
   */
  roots: (query: Partial<Q>) => Promise<T[]>;
  /** Lazy tree: the sub-rows of a node, loaded when it is expanded (again after each reload). */
  children?: (row: T) => Promise<T[]>;
  /** Lazy tree: whether a node can have sub-rows (the expand icon); default: every node. */
  hasChildren?: (row: T) => boolean;
  /** The form values of a new child of `parent`; without it there is no "add child" action. */
  childValues?: (parent: T) => Partial<V>;
  /** Nodes that take children (default: all). */
  canAddChild?: (row: T) => boolean;
  /** The dataIndex of the column that carries the expand icon and indent (default: the first column). */
  column?: keyof T & string;
}

export interface CrudConfig<T, V = Record<string, any>, Q = Record<string, unknown>, P = unknown> {
  /** The entity's name in messages: 是否确认删除当前{name}, 新增{name}. */
  name: string;
  /** The table's header title. */
  title?: ReactNode;
  rowKey?: keyof T & string;
  /** ProTable columns: they also make the search form (search: false to leave one out). */
  columns: ProColumns<T>[];
  api: CrudApi<T, Q, P>;
  form?: CrudForm<T, V, P>;
  /** Show the rows as a tree (see CrudTree); `api.page` is then only used for lazy-tree searches. */
  tree?: CrudTree<T, V, Q>;
  permissions?: CrudPermissions;
  /** Rows are selectable (for `toolbar` batch actions) even without batch delete, when this says so. */
  selectable?: (can: (key: string | undefined) => boolean) => boolean;
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
  /** The page sizes offered (default PAGE_SIZES of the domain). */
  pageSizes?: readonly number[];
  /**
   * Keep the search values, page and page size under this key (the screen's route path) while the
   * user switches console tabs (screen-state.ts); without it the list starts afresh on each mount.
   */
  stateKey?: string;
}
