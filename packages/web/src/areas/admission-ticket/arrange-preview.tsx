import { Alert, Descriptions, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ArrangedRoom, ArrangementResult } from '@tegang/domain';
import { useDictEnum } from '../../components/crud';

/** A preview of the arrangement: what it would write, and the room size it was made with. */
export interface ArrangePreviewState {
  key: string;
  roomSize: number;
  result: ArrangementResult;
}

/**
 * The preview of 编排考场 (POST arrange/preview, spec §3 "Admission ticket"): applicants, to arrange,
 * kept distributed, the rooms per site/room/session/subject with their seats, and the applicants under
 * no site (a warning). `previewed` false: the settings changed since, and a note says so.
 */
export function ArrangePreview(props: { preview: ArrangePreviewState; previewed: boolean }) {
  const { t } = useTranslation();
  const { preview, previewed } = props;
  const sessions = useDictEnum('recruit_learning_period');
  const subjects = useDictEnum('recruit_subject');
  const roomColumns = [
    {
      title: t('field.examPlace'),
      key: 'site',
      render: (_: unknown, r: ArrangedRoom) => `${r.siteCode} ${r.siteName}`,
    },
    { title: t('field.examRoomNumber'), dataIndex: 'roomNumber', width: 90 },
    {
      title: t('field.academicSession'),
      dataIndex: 'academicSession',
      width: 100,
      render: (v: string) => sessions.get(v)?.text ?? v,
    },
    {
      title: t('field.subject'),
      dataIndex: 'subject',
      width: 100,
      render: (v: string) => subjects.get(v)?.text ?? v,
    },
    {
      title: t('admin.ticket.arrange.seats'),
      key: 'seats',
      width: 110,
      align: 'right' as const,
      render: (_: unknown, r: ArrangedRoom) =>
        `${r.seats}/${preview.roomSize ?? ''}${r.kept ? ` (${t('admin.ticket.arrange.keptShort', { count: r.kept })})` : ''}`,
    },
  ];

  return (
    <div style={{ marginTop: 16 }} data-testid="arrange-result">
      {!previewed && (
        <Alert
          type="info"
          showIcon
          message={t('admin.ticket.arrange.stale')}
          style={{ marginBottom: 12 }}
          data-testid="arrange-stale"
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3 }}
        title={t('admin.ticket.arrange.result')}
        items={[
          {
            key: 'applicants',
            label: t('admin.ticket.arrange.applicants'),
            children: <span data-testid="arrange-applicants">{preview.result.applicants}</span>,
          },
          {
            key: 'arranged',
            label: t('admin.ticket.arrange.arranged'),
            children: <span data-testid="arrange-arranged">{preview.result.arranged}</span>,
          },
          {
            key: 'kept',
            label: t('admin.ticket.arrange.kept'),
            children: <span data-testid="arrange-kept">{preview.result.kept}</span>,
          },
        ]}
      />
      {preview.result.unassigned.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={t('admin.ticket.arrange.unassigned', { count: preview.result.unassigned.length })}
          description={
            <Table
              size="small"
              rowKey="enrollId"
              pagination={preview.result.unassigned.length > 10 ? { pageSize: 10 } : false}
              dataSource={preview.result.unassigned}
              scroll={{ x: 420 }}
              columns={[
                { title: t('field.name'), dataIndex: 'name', width: 100 },
                { title: t('field.idCard'), dataIndex: 'idCard', width: 180 },
                { title: t('field.enrollCounty'), dataIndex: 'enrollCounty' },
              ]}
            />
          }
          data-testid="arrange-unassigned"
        />
      )}
      <Table<ArrangedRoom>
        style={{ marginTop: 12 }}
        size="small"
        rowKey={(r) => `${r.siteCode}-${r.roomNumber}`}
        dataSource={preview.result.rooms}
        columns={roomColumns}
        scroll={{ x: 560 }}
        pagination={preview.result.rooms.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        locale={{ emptyText: <Empty description={t('admin.ticket.arrange.noRooms')} /> }}
        data-testid="arrange-rooms"
      />
    </div>
  );
}
