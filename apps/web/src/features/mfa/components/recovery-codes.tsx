import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';

/** The recovery codes, shown once right after enrolment: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('mfa');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: t('codes.copied') });
    } catch {
      toast({
        title: t('codes.copyFailed'),
        description: t('codes.copyFailedDescription'),
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium">{t('codes.on')}</p>
      <p className="text-sm text-muted-foreground">{t('codes.description')}</p>
      <ul
        aria-label={t('codes.label')}
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          {t('codes.copy')}
        </Button>
        <Button onClick={onDone}>{t('codes.saved')}</Button>
      </div>
    </div>
  );
}
