import { Button, Form, Image, Space, Typography, Upload, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { CameraOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MIN_HEIGHT,
  PHOTO_MIN_WIDTH,
  PHOTO_TYPES,
  checkPhotoFile,
} from '@tegang/domain';
import { usePhotoSrc } from '../use-photo-src';

/** The photo of the application: a newly chosen file and/or the URL to preview. */
export interface PhotoValue {
  file?: File;
  url?: string | null;
}

/** Reads the pixel size of an image file; null when it is not a readable image. */
function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/**
 * Photo input with preview (field `picture`, sent as `updateImg`). The chosen file is checked before
 * upload with the domain's checkPhotoFile (type, 2 MB) and the minimum size; a failed check is handed
 * to `onInvalid` (the form shows it on the field) and the previous photo stays. `id` (the form item's
 * field id, given by Form.Item) goes on the upload button with the field's aria-describedby (its
 * error): the label points at it, and a failed submit scrolls to and focuses it as any other field
 * (antd scrollToField finds a field by its id). aria-required stays off: a button takes none.
 */
export function PhotoUpload({
  id,
  'aria-describedby': describedBy,
  value,
  onChange,
  onInvalid,
  disabled,
}: {
  id?: string;
  /** The field's error or help text (Form.Item), read out with the button. */
  'aria-describedby'?: string;
  value?: PhotoValue;
  onChange?: (value: PhotoValue) => void;
  onInvalid?: (message: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const url = value?.url ?? null;
  // A stored photo's address needs the token header: shown through a blob: URL (usePhotoSrc).
  const { src } = usePhotoSrc(url);

  const choose = async (file: File) => {
    const key = checkPhotoFile(file);
    if (key) return onInvalid?.(t(key));
    const size = await imageSize(file);
    if (!size) return onInvalid?.(t('web.enroll.photo.unreadable'));
    if (size.width < PHOTO_MIN_WIDTH || size.height < PHOTO_MIN_HEIGHT)
      return onInvalid?.(t('enroll.photo.small', { width: PHOTO_MIN_WIDTH, height: PHOTO_MIN_HEIGHT }));
    if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
    onChange?.({ file, url: URL.createObjectURL(file) });
  };

  return (
    <Space align="start" size={16} wrap data-testid="photo-upload">
      <div
        style={{
          width: 120,
          height: 160,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: '#fafafa',
        }}
      >
        {src ? (
          <Image
            src={src}
            alt={t('field.picture')}
            width={120}
            height={160}
            style={{ objectFit: 'cover' }}
            data-testid="photo-preview"
          />
        ) : (
          <UserOutlined style={{ fontSize: 48, color: '#bfbfbf' }} />
        )}
      </div>
      <Space direction="vertical" size={8} style={{ maxWidth: 260 }}>
        {!disabled && (
          <Upload
            accept={PHOTO_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void choose(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button
              id={id}
              aria-describedby={describedBy}
              icon={<CameraOutlined />}
              data-testid="photo-upload-button"
            >
              {url ? t('web.enroll.photo.change') : t('web.enroll.photo.upload')}
            </Button>
          </Upload>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('web.enroll.photo.hint', {
            size: `${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
            width: PHOTO_MIN_WIDTH,
            height: PHOTO_MIN_HEIGHT,
          })}
        </Typography.Text>
      </Space>
    </Space>
  );
}

/** The photo item of the application form: required on a new application, errors shown on the field. */
export function PhotoField({ form, required }: { form: FormInstance; required: boolean }) {
  const { t } = useTranslation();
  const rules: Rule[] = [
    {
      validator: (_r, value: PhotoValue | undefined) =>
        value?.file || value?.url ? Promise.resolve() : Promise.reject(new Error(t('enroll.photo.required'))),
    },
  ];
  return (
    <Form.Item
      name="picture"
      label={t('field.picture')}
      required={required}
      rules={required ? rules : []}
      validateTrigger="onChange"
    >
      <PhotoUpload onInvalid={(msg) => form.setFields([{ name: 'picture', errors: [msg] }])} />
    </Form.Item>
  );
}
