import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { THEME_OPTIONS } from '../../../components/theme-options';
import { cn } from '../../../lib/cn';
import { useTheme } from '../../../lib/theme/use-theme';

export function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('appearance.title')}</CardTitle>
        <CardDescription>{t('appearance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid grid-cols-3 gap-3">
          <legend className="sr-only">{tc('theme.label')}</legend>
          {THEME_OPTIONS.map(({ value, labelKey, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-2 rounded-lg border p-4 text-sm transition-colors hover:bg-accent',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                theme === value && 'border-primary bg-accent font-medium',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon className="size-5" aria-hidden />
              {tc(labelKey)}
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
