import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Envelope } from './types';

/** The server's `msg` of an envelope answer (spec §7: shown as the success message). */
const msgOf = (result: unknown): string | undefined =>
  typeof result === 'object' && result !== null && typeof (result as Envelope).msg === 'string'
    ? (result as Envelope).msg
    : undefined;

/** One server call behind a button: what to call, what to say, what to do after. */
export interface ActionOptions<R = Envelope> {
  /** The call. Its rejection was already shown by the request client (spec §8), so it is swallowed. */
  call: () => Promise<R>;
  /**
   * The success toast when the answer has no `msg` (default 'common.success'); the server's `msg`
   * wins (spec §7 "Generic list behaviour"). `false`: no toast (e.g. a dialog follows).
   */
  successKey?: string | false;
  /** After success: usually the table's reload. */
  reload?: () => void;
  /** After success, with the answer (e.g. show a generated password). */
  onSuccess?: (result: R) => void;
}

/** A confirmed action: the '警告' dialog of spec §8, then the call. */
export interface ConfirmOptions<R = Envelope> extends ActionOptions<R> {
  /** The question, e.g. t('crud.deleteConfirm', {name}) (是否确认删除当前{name}). */
  content: ReactNode;
  /** Dialog title (default 'common.warning': 警告). */
  title?: ReactNode;
  /** A red OK button (deletions, cleaning a log). */
  danger?: boolean;
  /** data-testid of the OK button. */
  okTestId?: string;
}

export interface Actions {
  /** Confirm → call → toast → reload. The dialog's OK button spins while the call runs. */
  confirm: <R = Envelope>(options: ConfirmOptions<R>) => void;
  /** Call → toast → reload, without a confirm (e.g. moving a menu up). Resolves to true on success. */
  run: <R = Envelope>(options: ActionOptions<R>) => Promise<boolean>;
}

/**
 * The one "confirm → call → toast → reload" of every screen (spec §8 "Delete confirm": title 警告,
 * '是否确认删除当前{name}', success '删除成功' or the server's msg). Errors are not toasted again: the
 * request client already showed them.
 */
export function useActions(): Actions {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();

  const run = useCallback(
    async <R>(options: ActionOptions<R>): Promise<boolean> => {
      let result: R;
      try {
        result = await options.call();
      } catch {
        return false; // shown by the request client
      }
      const { successKey = 'common.success' } = options;
      if (successKey !== false) void message.success(msgOf(result) || t(successKey));
      options.onSuccess?.(result);
      options.reload?.();
      return true;
    },
    [message, t],
  );

  const confirm = useCallback(
    <R>(options: ConfirmOptions<R>) => {
      modal.confirm({
        title: options.title ?? t('common.warning'),
        content: options.content,
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: {
          danger: options.danger,
          ...(options.okTestId ? { 'data-testid': options.okTestId } : {}),
        },
        onOk: async () => {
          await run(options);
        },
      });
    },
    [modal, run, t],
  );

  return { confirm, run };
}
