import { useCallback, useRef, useState } from 'react';
import { App } from 'antd';
import type { ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { applyIssues, applyServerErrors } from '../form-errors';
import type { CrudApi, CrudForm, CrudFormContext, Envelope, FormMode, RecordId } from './types';

/** The open add/edit dialog: its mode, the record (edit) or parent (add child), a fresh key per opening. */
export interface DialogState<T> extends CrudFormContext<T> {
  key: number;
  open: boolean;
}

export interface CrudFormState<T, V> {
  formRef: React.RefObject<ProFormInstance<V> | undefined>;
  dialog: DialogState<T> | null;
  /** The row whose record is being fetched before its edit dialog opens (its edit button spins). */
  busyRow: RecordId | null;
  /** Opens the dialog: edit fetches the record first (api.get) unless form.loadRecord is false. */
  open: (mode: FormMode, row?: T, parent?: T) => Promise<void>;
  /** ModalForm's onFinish: true closes the dialog. */
  submit: (values: V) => Promise<boolean>;
  close: () => void;
  /** After the closing animation: the dialog is unmounted (a fresh form next time). */
  afterClose: () => void;
}

/**
 * The form side of a CrudTable (spec §2 add/edit dialogs, §5, DESIGN "Bad input"): on submit runs the
 * screen's cross-field `validate` (issues on their fields), maps the values to the typed payload with
 * `toPayload` (adding the record's id on edit), calls create or update, shows the server's msg (or
 * 保存成功), reloads the list; a 400 answer's field errors are shown on the form's fields.
 */
export function useCrudForm<T extends Record<string, any>, V extends Record<string, any>, P>(options: {
  api: CrudApi<T, any, P>;
  form?: CrudForm<T, V, P>;
  rowKey: string;
  idOf: (row: T) => RecordId;
  reload: () => void;
}): CrudFormState<T, V> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance<V>>(undefined);
  const dialogKey = useRef(0);
  const [dialog, setDialog] = useState<DialogState<T> | null>(null);
  const [busyRow, setBusyRow] = useState<RecordId | null>(null);
  const { api, form, rowKey, idOf, reload } = options;

  const open = async (mode: FormMode, row?: T, parent?: T) => {
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
    setDialog({ mode, record, parent, key: dialogKey.current, open: true });
  };

  const submit = async (values: V): Promise<boolean> => {
    if (!dialog || !form) return false;
    const ctx: CrudFormContext<T> = { mode: dialog.mode, record: dialog.record, parent: dialog.parent };
    let payload: P;
    try {
      const issues = form.validate?.(values, ctx) ?? [];
      if (issues.length && formRef.current) {
        applyIssues(formRef.current, issues);
        return false;
      }
      payload = form.toPayload ? form.toPayload(values, ctx) : (values as unknown as P);
    } catch (error) {
      // a bug in a screen's config: say so instead of a dialog that silently does nothing
      console.error(error);
      void message.error(t('error.unknown'));
      return false;
    }
    if (dialog.mode === 'edit' && dialog.record && (payload as Record<string, unknown>)[rowKey] === undefined)
      payload = { ...payload, [rowKey]: idOf(dialog.record) };
    const call =
      dialog.mode === 'create' ? api.create : (api.update as ((p: P) => Promise<Envelope>) | undefined);
    if (!call) return false;
    try {
      const res = await call(payload);
      void message.success(res?.msg || t('common.saved'));
      reload();
      return true;
    } catch (error) {
      if (formRef.current) applyServerErrors(formRef.current, error, form.fieldName);
      return false;
    }
  };

  const close = useCallback(() => setDialog((d) => (d ? { ...d, open: false } : d)), []);
  const afterClose = useCallback(() => setDialog(null), []);

  return { formRef, dialog, busyRow, open, submit, close, afterClose };
}
