import { message as staticMessage, Modal, type ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * antd's message and modal bound to the app's ConfigProvider (theme, locale), for code outside
 * components (the 401 prompt). Set by <UiBinder/> inside <App>; static fallbacks before that.
 */
export const ui: {
  modal: { warning: (props: ModalFuncProps) => unknown; confirm: (props: ModalFuncProps) => unknown };
  message: MessageInstance;
} = {
  modal: Modal,
  message: staticMessage,
};
