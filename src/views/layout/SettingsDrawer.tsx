import { Button, Callout, FormGroup, H6, Switch } from '@blueprintjs/core';
import { Drawer } from '@/views/kit/Dialog';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SETTINGS,
  DRAWER_TOGGLES,
  DRAWER_WIDTH,
  selectCopying,
  selectDrawerOpen,
  selectSettings,
  type DrawerToggle,
} from '@/machines/app/settingsMachine';
import { useAppActors } from '@/views/common/actors';
import { NumberInput } from '@/views/common/NumberInput';

const CONTENT: DrawerToggle[] = DRAWER_TOGGLES.filter((k) => k !== 'colorWeak');

/** The settings drawer of SPEC §2 (width 300). */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const { settings } = useAppActors();
  const open = useSelector(settings, selectDrawerOpen);
  const copying = useSelector(settings, selectCopying);
  const s = useSelector(settings, selectSettings);
  const toggle = (key: DrawerToggle) => (
    <Switch
      key={key}
      className="settings-switch"
      alignIndicator="end"
      label={t(`settings.${key}`)}
      checked={s[key]}
      data-testid={`setting-${key}`}
      onChange={(e) => settings.send({ type: 'settings.toggle', key, value: e.currentTarget.checked })}
    />
  );
  return (
    <Drawer
      isOpen={open}
      size={DRAWER_WIDTH}
      title={t('settings.title')}
      icon="cog"
      className="settings-drawer"
      onClose={() => settings.send({ type: 'settings.close' })}
    >
      <div className="settings-drawer-body" data-testid="settings-drawer">
        <H6>{t('settings.content')}</H6>
        {CONTENT.map(toggle)}
        <FormGroup
          label={t('settings.menuWidth')}
          labelFor="settings-menu-width"
          inline
          className="settings-width"
        >
          <NumberInput
            id="settings-menu-width"
            min={160}
            max={400}
            stepSize={10}
            value={s.menuWidth}
            onValueChange={(v) =>
              Number.isFinite(v) && settings.send({ type: 'settings.setMenuWidth', width: v })
            }
            style={{ width: 80 }}
          />
        </FormGroup>
        <H6>{t('settings.themeColor')}</H6>
        <div className="settings-theme-color">
          <input
            type="color"
            id="settings-theme-color"
            aria-label={t('settings.themeColor')}
            value={s.themeColor.toLowerCase()}
            onChange={(e) => settings.send({ type: 'settings.setThemeColor', color: e.currentTarget.value })}
            data-testid="settings-theme-color"
          />
          <code>{s.themeColor}</code>
          <Button
            variant="minimal"
            size="small"
            disabled={s.themeColor === DEFAULT_SETTINGS.themeColor}
            text={t('settings.themeColor.reset')}
            onClick={() =>
              settings.send({ type: 'settings.setThemeColor', color: DEFAULT_SETTINGS.themeColor })
            }
          />
        </div>
        <H6>{t('settings.otherSettings')}</H6>
        {toggle('colorWeak')}
        <Callout intent="warning" className="settings-alert">
          {t('settings.alertContent')}
        </Callout>
      </div>
      <div className="settings-drawer-footer">
        <Button
          icon="duplicate"
          intent="primary"
          fill
          loading={copying}
          text={t('settings.copySettings')}
          onClick={() => settings.send({ type: 'settings.copy' })}
        />
      </div>
    </Drawer>
  );
}
