import type { Me } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, ScrollText, Settings, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { adminKeys } from '../api/keys';
import { ADMIN_MESSAGE_KEYS } from '../lib/messages';
import { SecuritySettingsDialog } from './security-settings-dialog';
import { SystemSettingsDialog } from './system-settings-dialog';

export function QuickActions({ actor }: { actor: Me }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const [dialog, setDialog] = useState<'security' | 'system' | null>(null);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.refetchQueries({ queryKey: adminKeys.root, type: 'active' }, { throwOnError: true });
      toast({ title: t('quickActions.refreshed') });
    } catch {
      toast({ title: t('common.error'), description: t(ADMIN_MESSAGE_KEYS.fetchUsersFailed), variant: 'destructive' });
    } finally {
      setRefreshing(false);
    }
  }

  const canEdit = actor.role === 'super_admin';
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('quickActions.title')}</CardTitle>
        <CardDescription>{t('quickActions.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:grid-cols-2">
        <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden className={refreshing ? 'animate-spin' : undefined} />
          {t('quickActions.refresh')}
        </Button>
        <Link to={paths.adminTab('audit')} className={buttonClasses('outline')}>
          <ScrollText aria-hidden />
          {t('quickActions.auditLogs')}
        </Link>
        <Button variant="outline" onClick={() => setDialog('security')}>
          <ShieldCheck aria-hidden />
          {t('quickActions.security')}
        </Button>
        <Button variant="outline" onClick={() => setDialog('system')}>
          <Settings aria-hidden />
          {t('quickActions.system')}
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
