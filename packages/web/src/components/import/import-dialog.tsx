import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_MAX_BYTES,
  JOB_STATUS,
  jobFinished,
  type ImportErrorView,
  type ImportJobView,
  type Page,
} from '@tegang/domain';
import { saveBlob } from '../../api/download';
import { http, requestEnvelope, requestFile } from '../../api/request';
import { JobProgressBar, useJobProgress } from '../jobs/use-job-progress';
import { DisabledReason } from '../disabled-reason';

/** Where an area's import lives (spec §7 importExcel[/{param}], template, checkImport/{id}, pageImportError). */
export interface ImportApi {
  /** The upload URL, e.g. '/recruit/recruitPlanData/importExcel?planId=3'. */
  uploadUrl: string;
  /** The template URL, e.g. '/recruit/recruitPlanData/downLoadExcelTemplate'. */
  templateUrl: string;
  /** The area's base, e.g. '/recruit/recruitPlanData' (checkImport and pageImportError live below it). */
  base: string;
}

/** Downloads `url` (the template) with the admin token and saves it under the server's name. */
async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await requestFile(url);
  saveBlob(blob, fileName || fallbackName);
}

/**
 * The state of one import (spec §7 import): the file chosen, the upload (`start`: the file and
 * `extraFields` as multipart, POST `api.uploadUrl`), the job's progress, and the problems of a
 * rejected job (paged). `onDone` runs once the job imported its rows; `reset` starts over.
 */
function useImport(
  api: ImportApi,
  extraFields: (() => Record<string, string>) | undefined,
  onDone: () => void,
) {
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [started, setStarted] = useState<ImportJobView | null>(null);
  const job = useJobProgress<ImportJobView>(
    started ? ['import', api.base, started.id] : null,
    () => http.get<ImportJobView>(`${api.base}/checkImport/${started!.id}`),
    { initial: started, onFinished: (done) => done.status === JOB_STATUS.done && onDone() },
  );
  const [issues, setIssues] = useState<Page<ImportErrorView> | null>(null);
  const [issuePage, setIssuePage] = useState(1);

  const reset = () => {
    setFile(null);
    setStarted(null);
    setIssues(null);
    setIssuePage(1);
  };

  // Load the problems of a rejected job.
  useEffect(() => {
    if (job?.status !== JOB_STATUS.rejected) return;
    void http
      .get<Page<ImportErrorView>>(`${api.base}/pageImportError`, {
        id: job.id,
        current: issuePage,
        size: 10,
      })
      .then(setIssues);
  }, [job, issuePage, api.base]);

  const start = async () => {
    if (!file) return;
    setUploading(true);
    try {
      const data = new FormData();
      for (const [k, v] of Object.entries(extraFields?.() ?? {})) data.append(k, v);
      data.append('file', file);
      const answer = await requestEnvelope<{ id: number }>('POST', api.uploadUrl, { data });
      setStarted({
        id: answer.data.id,
        kind: '',
        status: JOB_STATUS.queued,
        fileName: file.name,
        total: 0,
        processed: 0,
        imported: 0,
        errorCount: 0,
        percent: 0,
        message: null,
        attempts: 0,
        createTime: new Date().toISOString(),
        finishTime: null,
      });
    } catch {
      // request() showed why
    } finally {
      setUploading(false);
    }
  };

  return { file, setFile, uploading, job, issues, issuePage, setIssuePage, reset, start };
}

type ImportState = ReturnType<typeof useImport>;

/** Before the upload: the hint, the template, `extra`, and the drag-and-drop .xlsx (≤ 20 MB). */
function ImportUpload(props: { api: ImportApi; extra?: ReactNode; state: ImportState }) {
  const { t } = useTranslation();
  const { file, setFile } = props.state;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('admin.import.hint')}</Typography.Paragraph>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => void downloadWithToken(props.api.templateUrl, 'template.xlsx').catch(() => undefined)}
        data-testid="import-template"
      >
        {t('admin.import.template')}
      </Button>
      {props.extra}
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        beforeUpload={(f) => {
          if (f.size > IMPORT_MAX_BYTES) {
            void Modal.error({ content: t('import.tooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }) });
            return Upload.LIST_IGNORE;
          }
          setFile(f);
          return false;
        }}
        onRemove={() => setFile(null)}
        fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('admin.import.drop')}</p>
      </Upload.Dragger>
    </Space>
  );
}

/**
 * After the upload: the job's progress and outcome (imported, with the import's note when it has one;
 * failed; or the row problems).
 */
function ImportProgress(props: { job: ImportJobView; state: ImportState }) {
  const { t } = useTranslation();
  const { job } = props;
  const { issues, issuePage, setIssuePage } = props.state;
  const finished = jobFinished(job.status);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="import-progress">
      <Typography.Text>{job.fileName}</Typography.Text>
      <JobProgressBar job={job} />
      <Typography.Text type="secondary">
        {t(`status.import.${job.status}`)}
        {!finished && job.processed > 0 && ` · ${t('admin.import.reading', { count: job.processed })}`}
      </Typography.Text>
      {job.status === JOB_STATUS.done && (
        <Alert
          type="success"
          showIcon
          message={t('admin.import.done', { count: job.imported })}
          data-testid="import-done"
        />
      )}
      {/* a done import's note: rows written that the office should look at again */}
      {job.status === JOB_STATUS.done && job.message && (
        <Alert type="warning" showIcon message={job.message} data-testid="import-note" />
      )}
      {job.status === JOB_STATUS.failed && <Alert type="error" showIcon message={job.message} />}
      {job.status === JOB_STATUS.rejected && (
        <>
          <Alert
            type="error"
            showIcon
            message={t('admin.import.rejected', { count: job.errorCount })}
            data-testid="import-rejected"
          />
          <Table<ImportErrorView>
            size="small"
            rowKey="id"
            loading={!issues}
            dataSource={issues?.records ?? []}
            pagination={{
              current: issuePage,
              pageSize: 10,
              total: issues?.total ?? 0,
              showSizeChanger: false,
              onChange: setIssuePage,
            }}
            columns={[
              { title: t('admin.import.row'), dataIndex: 'rowNumber', width: 70 },
              { title: t('admin.import.column'), dataIndex: 'column', width: 120 },
              { title: t('admin.import.value'), dataIndex: 'value', width: 160, ellipsis: true },
              { title: t('admin.import.reason'), dataIndex: 'message' },
            ]}
            data-testid="import-errors"
          />
        </>
      )}
    </Space>
  );
}

/**
 * The import dialog of every back-office import (the one import mechanism): template download,
 * a drag-and-drop .xlsx (≤ 20 MB), then the job's progress bar (GET checkImport/{id}, useJobProgress) and its
 * outcome — the count imported, or the row problems (GET pageImportError, paged) with nothing
 * imported, or why the file could not be read. `extra` shows above the upload (e.g. a data source
 * field); `onDone` runs after a successful import (reload the list).
 */
export function ImportDialog(props: {
  open: boolean;
  title: string;
  api: ImportApi;
  extraFields?: () => Record<string, string>;
  extra?: ReactNode;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const state = useImport(props.api, props.extraFields, props.onDone);
  const { file, uploading, job, reset, start } = state;
  const finished = job && jobFinished(job.status);
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={760}
      destroyOnHidden
      onCancel={() => {
        reset();
        props.onClose();
      }}
      footer={
        <Space>
          {finished && job.status !== JOB_STATUS.done && (
            <Button onClick={reset} data-testid="import-again">
              {t('admin.import.again')}
            </Button>
          )}
          {!job && (
            <Button
              type="primary"
              icon={<UploadOutlined />}
              disabled={!file}
              loading={uploading}
              onClick={() => void start()}
              data-testid="import-start"
            >
              {t('admin.import.start')}
            </Button>
          )}
          <Button
            onClick={() => {
              reset();
              props.onClose();
            }}
          >
            {t('admin.import.close')}
          </Button>
        </Space>
      }
    >
      {!job ? (
        <ImportUpload api={props.api} extra={props.extra} state={state} />
      ) : (
        <ImportProgress job={job} state={state} />
      )}
    </Modal>
  );
}

/**
 * A toolbar button that opens the {@link ImportDialog}. `api` null: the button is disabled and
 * `disabledTitle` (the reason, translated) shows in a tooltip over it.
 */
export function ImportButton(props: {
  name: string;
  api: ImportApi | null;
  disabledTitle?: string;
  extra?: ReactNode;
  extraFields?: () => Record<string, string>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <DisabledReason reason={props.api ? null : props.disabledTitle}>
        <Button
          icon={<UploadOutlined />}
          disabled={!props.api}
          onClick={() => setOpen(true)}
          data-testid="import-open"
        >
          {t('admin.import.button')}
        </Button>
      </DisabledReason>
      {props.api && (
        <ImportDialog
          open={open}
          title={t('admin.import.title', { name: props.name })}
          api={props.api}
          extra={props.extra}
          extraFields={props.extraFields}
          onClose={() => setOpen(false)}
          onDone={props.onDone}
        />
      )}
    </>
  );
}
