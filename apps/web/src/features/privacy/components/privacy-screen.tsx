import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AuditLogPanel } from './audit-log-panel';
import { ExportDataPanel } from './export-data-panel';
import { RetentionPanel } from './retention-panel';

/** Privacy & Security (spec §2): Data Retention, Audit Logs, Export Data. */
export function PrivacyScreen({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('privacy');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('screen.title')}</CardTitle>
        <CardDescription>{t('screen.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="retention" className="grid gap-6">
          <TabsList>
            <TabsTrigger value="retention">{t('screen.tabs.retention')}</TabsTrigger>
            <TabsTrigger value="audit">{t('screen.tabs.audit')}</TabsTrigger>
            <TabsTrigger value="export">{t('screen.tabs.export')}</TabsTrigger>
          </TabsList>
          <TabsContent value="retention">
            <RetentionPanel />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLogPanel isAdmin={isAdmin} />
          </TabsContent>
          <TabsContent value="export">
            <ExportDataPanel />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
