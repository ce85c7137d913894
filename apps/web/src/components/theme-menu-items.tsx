import { useTranslation } from 'react-i18next';
import { isThemePreference } from '../lib/theme/theme';
import { useTheme } from '../lib/theme/use-theme';
import { DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem } from './ui/dropdown-menu';
import { THEME_OPTIONS } from './theme-options';

/** Light / Dark / System as radio items, for use inside any dropdown menu. */
export function ThemeMenuItems() {
  const { theme, setTheme } = useTheme();
  const { t } = useTranslation('common');
  return (
    <>
      <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">{t('theme.label')}</DropdownMenuLabel>
      <DropdownMenuRadioGroup value={theme} onValueChange={(value) => isThemePreference(value) && setTheme(value)}>
        {THEME_OPTIONS.map(({ value, labelKey, icon: Icon }) => (
          <DropdownMenuRadioItem key={value} value={value}>
            <Icon aria-hidden />
            {t(labelKey)}
          </DropdownMenuRadioItem>
        ))}
      </DropdownMenuRadioGroup>
    </>
  );
}
