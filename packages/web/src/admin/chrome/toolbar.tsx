import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AutoComplete, Button, ColorPicker, Dropdown, Input, Tooltip } from 'antd';
import {
  BgColorsOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../pages';
import { useSession } from '../session';
import { menuLeaves } from '../layout/menu';
import {
  chooseTheme,
  colorStore,
  DEFAULT_COLOR,
  THEME_NAMES,
  THEMES,
  useThemeColor,
  useThemeName,
} from './themes';

/** Menu search (spec §2): prefix match on the translated label; choosing one opens the page. */
export function MenuSearch({ width = 180 }: { width?: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { menu } = useSession();
  const [text, setText] = useState('');
  const leaves = useMemo(
    () => [{ label: t('admin.home'), path: HOME_PATH }, ...menuLeaves(menu, i18n.language)],
    [menu, i18n.language, t],
  );
  const query = text.trim().toLowerCase();
  const options = query
    ? leaves
        .filter((l) => l.label.toLowerCase().startsWith(query))
        .map((l) => ({
          value: l.path,
          label: <span data-testid={`menu-search-option-${l.path}`}>{l.label}</span>,
        }))
    : [];
  return (
    <AutoComplete
      value={text}
      options={options}
      onSearch={setText}
      onSelect={(path: string) => {
        setText('');
        if (/^https?:\/\//i.test(path)) window.open(path, '_blank', 'noopener,noreferrer');
        else navigate(path);
      }}
      style={{ width }}
      popupMatchSelectWidth={220}
    >
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('admin.bar.search')}
        aria-label={t('admin.bar.search')}
        data-testid="menu-search"
      />
    </AutoComplete>
  );
}

/** Theme colour picker (default #409EFF) and the ten named themes (spec §2, §9). */
export function ThemePicker() {
  const { t } = useTranslation();
  const color = useThemeColor();
  const theme = useThemeName();
  return (
    <>
      <Tooltip title={t('admin.bar.color')}>
        <span data-testid="theme-color" style={{ display: 'inline-flex' }}>
          <ColorPicker
            size="small"
            value={color}
            disabledAlpha
            presets={[
              {
                label: t('admin.bar.color'),
                colors: [DEFAULT_COLOR, ...THEME_NAMES.map((n) => THEMES[n]!.primary)],
              },
            ]}
            onChangeComplete={(c) => colorStore.set(c.toHexString())}
          />
        </span>
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [theme],
          items: THEME_NAMES.map((name) => ({
            key: name,
            label: (
              <span data-testid={`theme-${name}`}>
                <span
                  style={{
                    display: 'inline-block',
                    width: 12,
                    height: 12,
                    marginInlineEnd: 8,
                    borderRadius: 2,
                    verticalAlign: -1,
                    background: `linear-gradient(90deg, ${THEMES[name]!.siderBg} 50%, ${THEMES[name]!.primary} 50%)`,
                    border: '1px solid rgba(0,0,0,0.1)',
                  }}
                />
                {t(`admin.theme.${name}`)}
              </span>
            ),
          })),
          onClick: ({ key }) => chooseTheme(key),
        }}
      >
        <Button
          type="text"
          icon={<BgColorsOutlined />}
          aria-label={t('admin.bar.theme')}
          title={t('admin.bar.theme')}
          data-testid="theme-switch"
          style={{ color: 'inherit' }}
        />
      </Dropdown>
    </>
  );
}

/** Full screen toggle. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const label = t(full ? 'admin.bar.exitFullscreen' : 'admin.bar.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="fullscreen"
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        style={{ color: 'inherit' }}
        onClick={() => {
          const action = document.fullscreenElement
            ? document.exitFullscreen()
            : document.documentElement.requestFullscreen?.();
          void action?.catch(() => undefined);
        }}
      />
    </Tooltip>
  );
}
