import { useRef, useState } from 'react';
import { Button, Grid, Modal, Skeleton, Space } from 'antd';
import { ProDescriptions } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { capitalize } from './query';
import { DIALOG_BODY_STYLE, DIALOG_WIDTH } from './form-dialog';
import type { CrudDetail, DetailContext, RecordId } from './types';

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
  // only the latest request fills the dialog (a reviewer stepping quickly through records)
  const latest = useRef(0);
  const show = async (row: T) => {
    const call = ++latest.current;
    setDetail({ open: true });
    try {
      const record = get ? await get(idOf(row)) : row;
      if (call === latest.current) setDetail({ open: true, record });
    } catch {
      if (call === latest.current) setDetail(null);
    }
  };
  /** Shows another record in the open dialog (needs `get`); a failed fetch closes the dialog. */
  const showId = async (id: RecordId) => {
    if (!get) return;
    const call = ++latest.current;
    setDetail({ open: true });
    try {
      const record = await get(id);
      if (call === latest.current) setDetail({ open: true, record });
    } catch {
      if (call === latest.current) setDetail(null);
    }
  };
  const close = () => setDetail((d) => (d ? { ...d, open: false } : d));
  return { detail, show, showId, close, afterClose: () => setDetail(null) };
}

/**
 * The {name}详情 dialog (spec §2 detail views): one bordered description block per group, two items a
 * row (one under 576 px), the config's extra footer buttons (`config.footer`, given `context`) and a
 * 返回 button (`…-detail-back`); `…-detail` marks its body, which scrolls on short screens and, being
 * a focusable region named by the title, by keyboard too (arrow keys, Page Up/Down; WCAG 2.1.1).
 */
export function DetailDialog<T extends Record<string, any>>(props: {
  config: CrudDetail<T>;
  name: string;
  testId: string;
  state: DetailState<T>;
  onClose: () => void;
  afterClose: () => void;
  /** What `config.footer` may do (without it there are no extra buttons). */
  context?: Omit<DetailContext<T>, 'record'>;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { config, state, context } = props;
  const back = (
    <Button key="back" data-testid={`${props.testId}-detail-back`} onClick={props.onClose}>
      {t('common.back')}
    </Button>
  );
  const title = capitalize(t('crud.detailTitle', { name: props.name }));
  return (
    <Modal
      open={state.open}
      title={title}
      width={config.width ?? DIALOG_WIDTH}
      footer={
        config.footer && context ? (
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            {config.footer({ ...context, record: state.record })}
            {back}
          </Space>
        ) : (
          back
        )
      }
      onCancel={props.onClose}
      afterClose={props.afterClose}
    >
      <div
        data-testid={`${props.testId}-detail`}
        tabIndex={0}
        role="region"
        aria-label={title}
        style={{ ...DIALOG_BODY_STYLE, paddingInline: '2px 4px' }}
      >
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
