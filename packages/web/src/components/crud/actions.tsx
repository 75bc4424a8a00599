import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** Row action buttons: link buttons with a tight padding so that several fit in the fixed column. */
export const ACTION_STYLE = { paddingInline: 4 };

/** A row action (link button) with the CRUD component's look. */
export function RowButton(props: {
  testId: string;
  onClick: () => void;
  children: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  loading?: boolean;
  icon?: ReactNode;
}) {
  return (
    <Button
      type="link"
      size="small"
      style={ACTION_STYLE}
      danger={props.danger}
      disabled={props.disabled}
      loading={props.loading}
      icon={props.icon}
      data-testid={props.testId}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}

/** What a row offers; an undefined handler leaves its button out. */
export interface RowActionsProps {
  testId: string;
  onView?: () => void;
  /** Tree mode: add a record under this one. */
  onAddChild?: () => void;
  onEdit?: () => void;
  /** The edit button spins while the record is fetched. */
  editing?: boolean;
  editLabel?: string;
  onDelete?: () => void;
  deleteDisabled?: boolean;
  /** The screen's own actions, between edit and delete. */
  extra?: ReactNode[];
}

/**
 * The action cell of a row: 查看, 新增下级 (tree mode), 修改, the screen's own actions, 删除 — in this
 * order, each only when allowed (the caller checks permissions), wrapping on narrow screens.
 * Test ids: `{testId}-view|add-child|edit|delete`.
 */
export function RowActions(props: RowActionsProps) {
  const { t } = useTranslation();
  const { testId } = props;
  return (
    <Space size={0} wrap>
      {props.onView && (
        <RowButton testId={`${testId}-view`} onClick={props.onView}>
          {t('crud.view')}
        </RowButton>
      )}
      {props.onAddChild && (
        <RowButton testId={`${testId}-add-child`} onClick={props.onAddChild}>
          {t('crud.addChild')}
        </RowButton>
      )}
      {props.onEdit && (
        <RowButton testId={`${testId}-edit`} loading={props.editing} onClick={props.onEdit}>
          {props.editLabel ?? t('crud.edit')}
        </RowButton>
      )}
      {props.extra}
      {props.onDelete && (
        <RowButton
          testId={`${testId}-delete`}
          danger
          disabled={props.deleteDisabled}
          onClick={props.onDelete}
        >
          {t('crud.delete')}
        </RowButton>
      )}
    </Space>
  );
}

/**
 * The toolbar buttons of a CrudTable: 新增 and 批量删除 (disabled until rows are selected) when
 * allowed, then the screen's own buttons. Test ids: `{testId}-add`, `{testId}-batch-delete`.
 */
export function toolbarButtons(props: {
  testId: string;
  onAdd?: () => void;
  onDeleteMany?: () => void;
  selectedCount: number;
  extra?: ReactNode[];
  t: (key: string) => string;
}): ReactNode[] {
  const { t, testId } = props;
  const buttons: ReactNode[] = [];
  if (props.onAdd)
    buttons.push(
      <Button
        key="add"
        type="primary"
        icon={<PlusOutlined />}
        data-testid={`${testId}-add`}
        onClick={props.onAdd}
      >
        {t('crud.add')}
      </Button>,
    );
  if (props.onDeleteMany)
    buttons.push(
      <Button
        key="batchDelete"
        danger
        icon={<DeleteOutlined />}
        disabled={!props.selectedCount}
        data-testid={`${testId}-batch-delete`}
        onClick={props.onDeleteMany}
      >
        {t('crud.batchDelete')}
      </Button>,
    );
  buttons.push(...(props.extra ?? []));
  return buttons;
}
