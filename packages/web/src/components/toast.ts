/**
 * antd's message toasts, loaded at the first one: the candidate's first page (login) shows none
 * until a call fails or succeeds, so antd's message and its styling runtime are not part of its
 * first load. The React 19 patch comes with it (antd v5's static methods render through it).
 */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** Shows `content` as a `kind` toast; with `key`, a toast of the same key is replaced, not stacked. */
export function toast(kind: ToastKind, content: string, key?: string): void {
  void Promise.all([import('@ant-design/v5-patch-for-react-19'), import('antd/es/message')]).then(
    ([, { default: message }]) => {
      void message[kind](key ? { content, key } : content);
    },
  );
}
