import { useMemo } from 'react';
import { Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listPlanOptions } from './api';

/**
 * The dashboard's plan picker: every plan (unpublished, open and ended alike), newest first, each with
 * its status, searchable by name. `value` is the plan on screen (the server's default until one is
 * picked); `onChange` gets the picked plan's id.
 */
export function PlanPicker({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  const plans = useQuery({ queryKey: ['dashboard', 'plans'], queryFn: listPlanOptions, staleTime: 60_000 });
  const options = useMemo(
    () =>
      (plans.data ?? []).map((p) => ({
        value: p.id,
        label: t('admin.dashboard.planOption', { name: p.name, status: t(`status.plan.${p.status}`) }),
      })),
    [plans.data, t],
  );
  return (
    <div
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 8,
        flex: '1 1 320px',
        minWidth: 0,
      }}
    >
      <Typography.Text strong>
        <label htmlFor="dashboard-plan">{t('admin.dashboard.plan')}</label>
      </Typography.Text>
      <Select<number>
        id="dashboard-plan"
        data-testid="dashboard-plan"
        showSearch
        optionFilterProp="label"
        loading={plans.isLoading}
        placeholder={t('admin.dashboard.planPlaceholder')}
        // An id of the address that names no plan shows the placeholder, not a bare number.
        value={options.some((o) => o.value === value) ? value : undefined}
        onChange={onChange}
        options={options}
        style={{ flex: '1 1 240px', maxWidth: 480, minWidth: 0 }}
      />
    </div>
  );
}
