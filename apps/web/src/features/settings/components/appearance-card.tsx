import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { THEME_OPTIONS } from '../../../components/theme-options';
import { cn } from '../../../lib/cn';
import { useTheme } from '../../../lib/theme/use-theme';

export function AppearanceCard() {
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>System follows your device&apos;s light or dark setting.</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="grid grid-cols-3 gap-3">
          <legend className="sr-only">Theme</legend>
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
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
              {label}
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
