import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AuditLogPanel } from './audit-log-panel';
import { ExportDataPanel } from './export-data-panel';
import { RetentionPanel } from './retention-panel';

/** Privacy & Security (spec §2): Data Retention, Audit Logs, Export Data. */
export function PrivacyScreen({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy &amp; Security</CardTitle>
        <CardDescription>How long your data is kept, what happened to it, and a copy of all of it.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="retention" className="grid gap-6">
          <TabsList>
            <TabsTrigger value="retention">Data Retention</TabsTrigger>
            <TabsTrigger value="audit">Audit Logs</TabsTrigger>
            <TabsTrigger value="export">Export Data</TabsTrigger>
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
