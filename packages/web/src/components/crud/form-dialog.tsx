import { useRef, type ReactNode } from 'react';
import { App, type ButtonProps } from 'antd';
import { DrawerForm, ModalForm, type ProFormInstance } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';

/** Default dialog width (spec §2 "Dialog width is 650"). */
export const DIALOG_WIDTH = 650;

/** A dialog's scrolling body: the page keeps its header and footer on short screens. */
export const DIALOG_BODY_STYLE = { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } as const;

export interface FormDialogProps<V> {
  /** A drawer instead of a dialog. */
  drawer: boolean;
  open: boolean;
  title: ReactNode;
  /** Width in px (DIALOG_WIDTH by default in CrudTable). */
  width: number;
  formRef: React.RefObject<ProFormInstance<V> | undefined>;
  /** Label width of the horizontal form, px; 0 for a vertical form. */
  labelWidth: number;
  initialValues?: Partial<V>;
  submitText: string;
  cancelText: string;
  /** Prefix of `…-form` (the body) and `…-form-submit` (the OK button). */
  testId: string;
  /**
   * Asked to close (取消, ×, Esc) and either nothing was edited or the user chose to discard the
   * edits (useDiscardGuard): the caller sets `open` false.
   */
  onClose: () => void;
  /** Closed and animated away: the caller unmounts it. */
  afterClose: () => void;
  /** Submit with the validated values; resolving true closes it. */
  onFinish: (values: V) => Promise<boolean>;
  /** The ProForm fields. */
  children: ReactNode;
}

/**
 * When the fields of a CrudTable form check their rules (spec §5 "Required on blur"): on leaving the
 * field, so an empty required field says '{label}不能为空' before any submit, and on change, so the
 * message goes as soon as the field is filled. Set on the form, it holds for every field of every
 * console add/edit dialog (instruction, plan data, mapping, user, dictionary …); a Form.Item that
 * names its own validateTrigger keeps it.
 */
export const VALIDATE_TRIGGER = ['onChange', 'onBlur'];

/**
 * The close request of an add/edit form (取消, ×, Esc, and a mask click where one closes): a form whose
 * fields the user has changed (antd's isFieldsTouched) asks 放弃未保存的修改？ before it goes — 放弃
 * closes, 继续编辑 keeps the form as it is; an untouched form, or one just saved, closes at once.
 * Returns `requestClose` for the dialog's close and `saving` to wrap its submit (a save that succeeds
 * closes without asking). Test ids `${testId}-discard-ok` / `-discard-cancel`.
 */
export function useDiscardGuard<V>(
  formRef: React.RefObject<ProFormInstance<V> | undefined>,
  onClose: () => void,
  testId: string,
) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const saved = useRef(false);
  const asking = useRef(false);
  const requestClose = () => {
    if (saved.current || !formRef.current?.isFieldsTouched()) return onClose();
    if (asking.current) return; // Esc pressed again while the question is open
    asking.current = true;
    modal.confirm({
      title: t('crud.discardTitle'),
      content: t('crud.discardConfirm'),
      okText: t('crud.discard'),
      cancelText: t('crud.keepEditing'),
      // Enter right after the question keeps the edits: discarding takes a deliberate choice
      autoFocusButton: 'cancel',
      okButtonProps: { danger: true, 'data-testid': `${testId}-discard-ok` } as ButtonProps,
      cancelButtonProps: { 'data-testid': `${testId}-discard-cancel` } as ButtonProps,
      onOk: onClose,
      afterClose: () => {
        asking.current = false;
      },
    });
  };
  /** `submit` that marks the form saved when it resolves true (the dialog then closes unasked). */
  const saving =
    <A,>(submit: (values: A) => Promise<boolean>) =>
    async (values: A) => {
      const ok = await submit(values);
      if (ok) saved.current = true;
      return ok;
    };
  return { requestClose, saving };
}

/**
 * The add/edit form of a CrudTable in a dialog (default) or a drawer: not closed by a click on the
 * mask, edits not lost to a stray Esc or × (useDiscardGuard), horizontal labels unless labelWidth is
 * 0, rules checked on blur and change (VALIDATE_TRIGGER), scrolls to the first error, dates as strings.
 */
export function FormDialog<V extends Record<string, any>>(props: FormDialogProps<V>) {
  const { labelWidth, testId } = props;
  const guard = useDiscardGuard(props.formRef, props.onClose, testId);
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
    validateTrigger: VALIDATE_TRIGGER,
    scrollToFirstError: true,
    submitter: {
      searchConfig: { submitText: props.submitText, resetText: props.cancelText },
      submitButtonProps: { 'data-testid': `${testId}-form-submit` },
    },
    onOpenChange: (open: boolean) => {
      if (!open) guard.requestClose();
    },
    onFinish: guard.saving(props.onFinish),
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
        styles: { body: { ...DIALOG_BODY_STYLE, paddingRight: 8 } },
      }}
    >
      {body}
    </ModalForm>
  );
}
