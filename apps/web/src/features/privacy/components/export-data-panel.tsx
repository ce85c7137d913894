import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useExportData } from '../api/export-data';

/** Export Data tab: downloads knowledge-data-export-{date}.json. */
export function ExportDataPanel() {
  const exportData = useExportData();
  const { t } = useTranslation('privacy');
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('export.description')}</p>
      <div>
        <Button
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: (fileName) =>
                toast({ title: t('export.doneTitle'), description: t('export.doneDescription', { fileName }) }),
              onError: () =>
                toast({
                  title: t('export.failedTitle'),
                  description: t('export.failedDescription'),
                  variant: 'destructive',
                }),
            })
          }
          disabled={exportData.isPending}
        >
          <Download aria-hidden />
          {exportData.isPending ? t('export.exporting') : t('export.button')}
        </Button>
      </div>
    </div>
  );
}
