import { useState } from 'react';
import { Button, Grid, Modal, Skeleton } from 'antd';
import { ProDescriptions } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { capitalize } from './query';
import { DIALOG_BODY_STYLE, DIALOG_WIDTH } from './form-dialog';
import type { CrudDetail, RecordId } from './types';

interface DetailState<T> {
  record?: T;
  open: boolean;
}

/**
 * The detail view of a CrudTable: `show(row)` opens the dialog at once with a skeleton and fills it
 * with `get(id)` (or the row itself without `get`); a failed fetch closes it (the request client
 * showed the error).
 */
export function useDetail<T>(get: ((id: RecordId) => Promise<T>) | undefined, idOf: (row: T) => RecordId) {
  const [detail, setDetail] = useState<DetailState<T> | null>(null);
  const show = async (row: T) => {
    setDetail({ open: true });
    try {
      const record = get ? await get(idOf(row)) : row;
      setDetail({ open: true, record });
    } catch {
      setDetail(null);
    }
  };
  const close = () => setDetail((d) => (d ? { ...d, open: false } : d));
  return { detail, show, close, afterClose: () => setDetail(null) };
}

/**
 * The {name}详情 dialog (spec §2 detail views): one bordered description block per group, two items a
 * row (one under 576 px), a 返回 button; `…-detail` marks its body.
 */
export function DetailDialog<T extends Record<string, any>>(props: {
  config: CrudDetail<T>;
  name: string;
  testId: string;
  state: DetailState<T>;
  onClose: () => void;
  afterClose: () => void;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { config, state } = props;
  return (
    <Modal
      open={state.open}
      title={capitalize(t('crud.detailTitle', { name: props.name }))}
      width={config.width ?? DIALOG_WIDTH}
      footer={<Button onClick={props.onClose}>{t('common.back')}</Button>}
      onCancel={props.onClose}
      afterClose={props.afterClose}
      styles={{ body: DIALOG_BODY_STYLE }}
    >
      <div data-testid={`${props.testId}-detail`}>
        {state.record ? (
          config.groups.map((group, i) => (
            <ProDescriptions<T>
              key={i}
              title={group.title}
              dataSource={state.record}
              columns={group.columns}
              column={screens.sm === false ? 1 : (group.column ?? 2)}
              styles={{ label: { width: 108, minWidth: 88 } }}
              bordered
              size="small"
              style={{ marginBottom: 16 }}
            />
          ))
        ) : (
          <Skeleton active paragraph={{ rows: 6 }} />
        )}
      </div>
    </Modal>
  );
}
