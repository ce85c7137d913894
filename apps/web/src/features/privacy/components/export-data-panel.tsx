import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useExportData } from '../api/export-data';

/** Export Data tab: downloads knowledge-data-export-{date}.json. */
export function ExportDataPanel() {
  const exportData = useExportData();
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Download a JSON file with your profile, preferences, conversations and messages, knowledge collections with
        their document details (not the documents themselves) and your activity of the last 90 days.
      </p>
      <div>
        <Button
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: (fileName) => toast({ title: 'Export complete', description: `Saved ${fileName}.` }),
              onError: () =>
                toast({ title: 'Export failed', description: 'Failed to export your data.', variant: 'destructive' }),
            })
          }
          disabled={exportData.isPending}
        >
          <Download aria-hidden />
          {exportData.isPending ? 'Exporting...' : 'Export Data'}
        </Button>
      </div>
    </div>
  );
}
