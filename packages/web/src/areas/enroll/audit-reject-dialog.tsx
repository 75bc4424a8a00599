import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUDIT_REASON_MAX, AUDIT_STATUS, isEmpty } from '@tegang/domain';
import { auditedAsRead, auditEnrolls } from './admin-api';
import { ruleOf } from '../../components/rules';

/** Which applications a rejection is for: their ids and the versions shown, and the dialog's title. */
export interface RejectTarget {
  rows: { id: number; version: number }[];
  title: string;
}

/**
 * The 审核不通过 dialog of the enrolment list (spec §2 "Enrolment records", audit): asks the reason (required, at most
 * AUDIT_REASON_MAX characters; the server checks the same), then POST /candidate/enroll/audit with
 * auditStatus '2' and the versions shown, toasts the server's message, closes and calls `onDone` — also
 * when a record changed since it was read (409: the message names it, nothing is decided); `onDecided`
 * only when the rejection was recorded (the detail dialog then moves on to the next pending record).
 * Test ids: `enroll-reject-reason`, `enroll-reject-ok`.
 */
export function AuditRejectDialog(props: {
  target: RejectTarget | null;
  onClose: () => void;
  onDone: () => void;
  onDecided?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ auditReason: string }>();
  const [busy, setBusy] = useState(false);
  const { target } = props;

  const submit = async () => {
    if (!target) return;
    const { auditReason } = await form.validateFields();
    setBusy(true);
    try {
      const answer = await auditEnrolls(
        {
          ...auditedAsRead(target.rows),
          auditStatus: AUDIT_STATUS.rejected,
          auditReason: auditReason.trim(),
        },
        () => {
          // changed since read (409, message shown): close and reload what the reviewer sees
          props.onClose();
          props.onDone();
        },
      );
      void message.success(answer.msg || t('common.success'));
      props.onClose();
      props.onDone();
      props.onDecided?.();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!target}
      title={target?.title}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={props.onClose}
      afterClose={() => form.resetFields()}
      okButtonProps={{ danger: true, 'data-testid': 'enroll-reject-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="auditReason"
          label={t('field.auditReason')}
          required
          rules={[ruleOf((value) => (isEmpty(value) ? 'enroll.audit.reasonRequired' : null))]}
        >
          <Input.TextArea
            rows={4}
            maxLength={AUDIT_REASON_MAX}
            showCount
            placeholder={t('enroll.audit.reasonRequired')}
            data-testid="enroll-reject-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
