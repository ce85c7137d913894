import type { Me } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, ScrollText, Settings, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { adminKeys } from '../api/keys';
import { ADMIN_MESSAGES } from '../lib/messages';
import { SecuritySettingsDialog } from './security-settings-dialog';
import { SystemSettingsDialog } from './system-settings-dialog';

export function QuickActions({ actor }: { actor: Me }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [dialog, setDialog] = useState<'security' | 'system' | null>(null);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: adminKeys.root, type: 'active' }, { throwOnError: true });
      toast({ title: 'User data refreshed' });
    } catch {
      toast({ title: 'Error', description: ADMIN_MESSAGES.fetchUsersFailed, variant: 'destructive' });
    } finally {
      setRefreshing(false);
    }
  }

  const canEdit = actor.role === 'super_admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common administrative tasks.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
          Refresh User Data
        </Button>
        <Link to={paths.adminTab('audit')} className={buttonClasses('outline')}>
          <ScrollText aria-hidden />
          Audit Logs
        </Link>
        <Button variant="outline" onClick={() => setDialog('security')}>
          <ShieldCheck aria-hidden />
          Security Settings
        </Button>
        <Button variant="outline" onClick={() => setDialog('system')}>
          <Settings aria-hidden />
          System Settings
        </Button>
      </CardContent>
      <SecuritySettingsDialog
        open={dialog === 'security'}
        onOpenChange={(open) => setDialog(open ? 'security' : null)}
        canEdit={canEdit}
      />
      <SystemSettingsDialog
        open={dialog === 'system'}
        onOpenChange={(open) => setDialog(open ? 'system' : null)}
        canEdit={canEdit}
      />
    </Card>
  );
}
