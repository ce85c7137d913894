import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function AccessDenied() {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <section className="max-w-md text-center">
        <ShieldAlert className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">{t('accessDenied.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('accessDenied.message')}</p>
      </section>
    </div>
  );
}
