import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { CANDIDATE_STATE_REASON_MAX, isEmpty, type ApiResult } from '@tegang/domain';
import { useActions } from '../../components/crud';
import { ruleOf } from '../../components/rules';

/** The candidate being disabled: their name, the call with the reason, and the table's reload. */
export interface DisableTarget {
  name: string;
  call: (reason: string) => Promise<ApiResult<unknown>>;
  reload: () => void;
}

/**
 * The 停用 dialog of the candidate state screen: asks the reason (required, at most
 * CANDIDATE_STATE_REASON_MAX characters; the server checks the same), then asks for confirmation
 * (警告) and calls `target.call` with the trimmed reason; on success it toasts the server's message,
 * closes and reloads. Test ids: `cand-state-reason`, `cand-state-reason-ok`, `cand-state-disable-ok`.
 */
export function DisableDialog(props: { target: DisableTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const actions = useActions();
  const [form] = Form.useForm<{ reason: string }>();
  const { target } = props;

  const submit = async () => {
    if (!target) return;
    const { reason } = await form.validateFields();
    actions.confirm({
      content: t('admin.candidateUser.disableConfirm', { name: target.name }),
      danger: true,
      okTestId: 'cand-state-disable-ok',
      call: () => target.call(reason.trim()),
      onSuccess: props.onClose,
      reload: target.reload,
    });
  };

  return (
    <Modal
      open={!!target}
      title={t('admin.candidateUser.disableTitle', { name: target?.name ?? '' })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={props.onClose}
      afterClose={() => form.resetFields()}
      okButtonProps={{ danger: true, 'data-testid': 'cand-state-reason-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="reason"
          label={t('field.candidateUser.stateReason')}
          required
          rules={[ruleOf((value) => (isEmpty(value) ? 'candidateUser.reason.required' : null))]}
        >
          <Input.TextArea
            rows={4}
            maxLength={CANDIDATE_STATE_REASON_MAX}
            showCount
            placeholder={t('candidateUser.reason.required')}
            data-testid="cand-state-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
