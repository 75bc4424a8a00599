import { useEffect, useState } from 'react';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROOM_SIZE_DEFAULT, type PlanOption } from '@tegang/domain';
import { getArrangement, previewArrangement, saveArrangement } from './admin-api';
import { arrangementOf, type ArrangeValues } from './arrange-form';
import type { ArrangePreviewState } from './arrange-preview';
import { useActions } from '../../components/crud';
import { regionPathOf, useRegionScopeTree } from '../../components/region-cascader';

/**
 * The state of the 编排考场 dialog (spec §3 "Admission ticket"): the form, prefilled from GET
 * arrange/{planId} when a plan is chosen (else the defaults); 预览 (POST arrange/preview) after the
 * form's rules pass; 保存 (POST arrange, after a confirmation) only for a preview of exactly the
 * settings on screen (`previewed`). `planId` preselects the plan chosen in the list's search;
 * `onSaved` and `onClose` run after a save.
 */
export function useArrange(props: {
  open: boolean;
  plans: PlanOption[];
  planId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const actions = useActions();
  const [form] = Form.useForm<ArrangeValues>();
  const { data: regionTree = [] } = useRegionScopeTree(props.open);
  const [planId, setPlanId] = useState<number | undefined>(props.planId);
  const [loading, setLoading] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<ArrangePreviewState | null>(null);
  // The settings on screen as sent (read again after every edit), to compare with the preview's.
  const [current, setCurrent] = useState('');
  const touch = () => setCurrent(JSON.stringify(arrangementOf(form.getFieldsValue(true) as ArrangeValues)));

  // Opening: the list's plan (or the last one chosen here).
  useEffect(() => {
    if (props.open) setPlanId((p) => props.planId ?? p);
  }, [props.open, props.planId]);

  // A plan chosen: its last settings, or the defaults.
  useEffect(() => {
    if (!props.open) return;
    setPreview(null);
    const defaults: ArrangeValues = { planId, roomSize: ROOM_SIZE_DEFAULT, sites: [{ code: '01' }] };
    form.setFieldsValue({
      ...defaults,
      examDate: undefined,
      examTime: undefined,
      examinationRoomNotice: undefined,
    });
    touch();
    if (!planId) return;
    let live = true;
    setLoading(true);
    getArrangement(planId)
      .then((last) => {
        if (!live || !last) return;
        form.setFieldsValue({
          planId,
          roomSize: last.roomSize,
          examDate: last.examDate,
          examTime: last.examTime,
          examinationRoomNotice: last.examinationRoomNotice,
          sites: last.sites.map((s) => ({
            code: s.code,
            name: s.name,
            address: s.address,
            region: regionPathOf(regionTree, s.regionCode).length
              ? regionPathOf(regionTree, s.regionCode)
              : [s.regionCode],
          })),
        });
        touch();
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // the region tree only maps saved codes to paths; it is not a reason to reload the settings
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open, planId, form]);

  const previewed = !!preview && preview.key === current;
  const planName = props.plans.find((p) => p.id === planId)?.name ?? '';

  const runPreview = async () => {
    let values: ArrangeValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const input = arrangementOf({ ...form.getFieldsValue(true), ...values });
    setPreviewing(true);
    try {
      const result = await previewArrangement(input);
      setPreview({ key: JSON.stringify(input), roomSize: input.roomSize, result });
    } catch {
      // shown by the request client
    } finally {
      setPreviewing(false);
    }
  };

  const save = () => {
    if (!previewed) return;
    const input = arrangementOf(form.getFieldsValue(true) as ArrangeValues);
    actions.confirm({
      content: t('admin.ticket.arrange.saveConfirm', { plan: planName, count: preview.result.arranged }),
      okTestId: 'arrange-save-ok',
      call: () => saveArrangement(input),
      successKey: 'admin.ticket.arrange.saved',
      reload: () => {
        props.onSaved();
        props.onClose();
      },
    });
  };

  return { form, loading, setPlanId, touch, preview, previewed, previewing, runPreview, save };
}
