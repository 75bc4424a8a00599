import { Button, Modal, Space } from 'antd';
import { EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PlanOption } from '@tegang/domain';
import { ArrangeForm } from './arrange-form';
import { ArrangePreview } from './arrange-preview';
import { useArrange } from './use-arrange';
import { DisabledReason } from '../../components/disabled-reason';

export { arrangementOf, type ArrangeValues } from './arrange-form';

/**
 * 编排考场 (room and seat arrangement, spec §3 "Admission ticket"): the plan, the room size (default 30), the exam date
 * and time, the room notice and the exam sites (code 01–99, name, address, the city or county it
 * serves, picked in the region cascader → its 6-digit code), prefilled from GET arrange/{planId}.
 * 预览 (POST arrange/preview) shows what would be written — applicants, to arrange, kept distributed,
 * the rooms per site/room/session/subject with their seats, and the applicants under no site (a
 * warning). 保存 is enabled only after a preview of exactly the settings on screen, and asks first
 * (POST arrange); `onSaved` then reloads the list. Test ids: `arrange-*`. The form is ArrangeForm,
 * the preview ArrangePreview, the state useArrange.
 */

/** The 编排考场 dialog (see above); `planId` preselects the plan chosen in the list's search. */
export function ArrangeDialog(props: {
  open: boolean;
  plans: PlanOption[];
  /** The plan chosen in the list's search, if any. */
  planId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const arrange = useArrange(props);
  const { previewed, previewing } = arrange;

  return (
    <Modal
      open={props.open}
      title={t('screen.button.arrange')}
      width={960}
      maskClosable={false}
      onCancel={props.onClose}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } }}
      footer={
        <Space wrap>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button
            icon={<EyeOutlined />}
            loading={previewing}
            onClick={() => void arrange.runPreview()}
            data-testid="arrange-preview"
          >
            {t('admin.ticket.arrange.preview')}
          </Button>
          <DisabledReason reason={previewed ? null : t('admin.ticket.arrange.previewFirst')}>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              disabled={!previewed}
              onClick={arrange.save}
              data-testid="arrange-save"
            >
              {t('admin.ticket.arrange.save')}
            </Button>
          </DisabledReason>
        </Space>
      }
    >
      <div data-testid="arrange-dialog">
        <ArrangeForm
          form={arrange.form}
          plans={props.plans}
          loading={arrange.loading}
          onPlan={arrange.setPlanId}
          touch={arrange.touch}
        />
        {arrange.preview && <ArrangePreview preview={arrange.preview} previewed={previewed} />}
      </div>
    </Modal>
  );
}
