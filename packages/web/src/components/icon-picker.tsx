import { useState } from 'react';
import { Button, Empty, Input, Popover, Tabs, Tooltip } from 'antd';
import { AppstoreOutlined, CloseCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MENU_ICONS } from '../admin/layout/icons';

/**
 * A menu icon picker (spec §2 "Menus": the icon is picked from a basic and a business icon set). The
 * value is an @ant-design/icons component name; only the icons the console's menu renders are offered.
 */
const BASIC = [
  'AppstoreOutlined',
  'HomeOutlined',
  'MenuOutlined',
  'SettingOutlined',
  'ToolOutlined',
  'UserOutlined',
  'TeamOutlined',
  'UsergroupAddOutlined',
  'TableOutlined',
  'UnorderedListOutlined',
  'ProfileOutlined',
  'LinkOutlined',
  'GlobalOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'TagsOutlined',
  'CalendarOutlined',
  'BarChartOutlined',
  'NotificationOutlined',
  'EnvironmentOutlined',
  'ClusterOutlined',
  'DeploymentUnitOutlined',
];
const known = new Set(BASIC);
export const ICON_SETS = {
  basic: BASIC.filter((n) => n in MENU_ICONS),
  business: Object.keys(MENU_ICONS).filter((n) => !known.has(n)),
};

export function IconPicker({
  value,
  onChange,
  testId = 'icon-picker',
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const Current = value ? MENU_ICONS[value] : undefined;

  const grid = (names: string[]) => {
    const shown = names.filter((n) => n.toLowerCase().includes(filter.trim().toLowerCase()));
    if (!shown.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    return (
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 6 }}>
        {shown.map((name) => {
          const Icon = MENU_ICONS[name]!;
          return (
            <Tooltip key={name} title={name.replace(/Outlined$/, '')}>
              <Button
                type={name === value ? 'primary' : 'default'}
                style={{ height: 40, fontSize: 18 }}
                data-testid={`${testId}-${name}`}
                onClick={() => {
                  onChange?.(name);
                  setOpen(false);
                }}
              >
                <Icon />
              </Button>
            </Tooltip>
          );
        })}
      </div>
    );
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      title={t('sys.icon.pick')}
      content={
        <div style={{ width: 340 }} data-testid={`${testId}-panel`}>
          <Input.Search
            allowClear
            size="small"
            placeholder={t('sys.icon.search')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <Tabs
            size="small"
            items={[
              { key: 'basic', label: t('sys.icon.basic'), children: grid(ICON_SETS.basic) },
              { key: 'business', label: t('sys.icon.business'), children: grid(ICON_SETS.business) },
            ]}
          />
        </div>
      }
    >
      <Input
        readOnly
        value={value ?? ''}
        placeholder={t('sys.icon.pick')}
        data-testid={testId}
        prefix={Current ? <Current /> : <AppstoreOutlined style={{ color: '#bbb' }} />}
        suffix={
          value ? (
            <CloseCircleFilled
              style={{ color: 'rgba(0,0,0,0.25)', cursor: 'pointer' }}
              onClick={(e) => {
                e.stopPropagation();
                onChange?.(null);
              }}
            />
          ) : (
            <span />
          )
        }
        style={{ cursor: 'pointer' }}
      />
    </Popover>
  );
}
