import { ShieldAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAuth } from '../../auth';
import { DocumentationTab } from '../../docs-maintenance';
import { UpdatesTab } from '../../releases';
import { UsageAdminTab } from '../../usage';
import { VoiceAdminTab, VoiceTabLabel } from '../../voice';
import { AddUserDialog } from './add-user-dialog';
import { AuditTab } from './audit-tab';
import { BackupFailedNotice, BackupsTab } from './backups-tab';
import { GroupsTab } from './groups-tab';
import { InvitationsPanel } from './invitations-panel';
import { EgressCard } from './egress-card';
import { NetworkAccessCard } from './network-access-card';
import { OrganizationsTab } from './organizations-tab';
import { OverviewTab } from './overview-tab';
import { PendingSignups, PendingTabLabel } from './pending-signups';
import { SsoSettingsTab } from './sso-settings-tab';
import { UserManagement } from './user-management';

/** /admin (spec §2): Overview and User Management; non-admins are told they may not be here. */
export function AdminDashboard() {
  const { t } = useTranslation('admin');
  const { user, isAdmin } = useAuth();
  // The open tab lives in the address (/admin?tab=audit), so other screens can link straight to one.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') ?? 'overview';
  if (!user || !isAdmin) return <AdminAccessDenied />;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.title')}</h1>
          <p className="text-sm text-muted-foreground">
            {user.role === 'super_admin' ? t('dashboard.descriptionInstance') : t('dashboard.descriptionOrganisation')}
          </p>
        </div>
        <AddUserDialog actor={user} />
      </header>
      {user.role === 'super_admin' ? (
        <BackupFailedNotice onOpen={() => setSearchParams({ tab: 'backups' }, { replace: true })} />
      ) : null}
      <Tabs
        className="min-w-0"
        value={tab}
        onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}
      >
        {/* Many tabs: they wrap onto more rows on a narrow screen instead of widening the page. */}
        <TabsList className="h-auto max-w-full flex-wrap justify-start">
          <TabsTrigger value="overview">{t('dashboard.tabs.overview')}</TabsTrigger>
          <TabsTrigger value="users">{t('dashboard.tabs.users')}</TabsTrigger>
          <TabsTrigger value="pending">
            <PendingTabLabel />
          </TabsTrigger>
          <TabsTrigger value="invitations">{t('dashboard.tabs.invitations')}</TabsTrigger>
          <TabsTrigger value="groups">{t('dashboard.tabs.groups')}</TabsTrigger>
          <TabsTrigger value="audit">{t('dashboard.tabs.audit')}</TabsTrigger>
          <TabsTrigger value="usage">{t('dashboard.tabs.usage')}</TabsTrigger>
          {/* The intranet allow-list is instance-wide: only super admins change it (the server says so too). */}
          {user.role === 'super_admin' ? (
            <TabsTrigger value="network">{t('dashboard.tabs.network')}</TabsTrigger>
          ) : null}
          {user.role === 'super_admin' ? (
            <TabsTrigger value="organizations">{t('dashboard.tabs.organizations')}</TabsTrigger>
          ) : null}
          {user.role === 'super_admin' ? (
            <TabsTrigger value="updates">{t('dashboard.tabs.updates')}</TabsTrigger>
          ) : null}
          {user.role === 'super_admin' ? (
            <TabsTrigger value="backups">{t('dashboard.tabs.backups')}</TabsTrigger>
          ) : null}
          {user.role === 'super_admin' ? (
            <TabsTrigger value="documentation">{t('dashboard.tabs.documentation')}</TabsTrigger>
          ) : null}
          {user.role === 'super_admin' ? <TabsTrigger value="sso">{t('dashboard.tabs.sso')}</TabsTrigger> : null}
          {user.role === 'super_admin' ? (
            <TabsTrigger value="voice">
              <VoiceTabLabel />
            </TabsTrigger>
          ) : null}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab actor={user} />
        </TabsContent>
        <TabsContent value="users">
          <UserManagement actor={user} />
        </TabsContent>
        <TabsContent value="pending">
          <PendingSignups />
        </TabsContent>
        <TabsContent value="invitations">
          <InvitationsPanel actor={user} />
        </TabsContent>
        <TabsContent value="groups">
          <GroupsTab actor={user} />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab actor={user} />
        </TabsContent>
        <TabsContent value="usage">
          <UsageAdminTab superAdmin={user.role === 'super_admin'} />
        </TabsContent>
        {user.role === 'super_admin' ? (
          <TabsContent value="network" className="flex flex-col gap-4">
            <NetworkAccessCard />
            <EgressCard />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="organizations">
            <OrganizationsTab />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="updates">
            <UpdatesTab />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="backups">
            <BackupsTab />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="documentation">
            <DocumentationTab />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="sso">
            <SsoSettingsTab />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="voice">
            <VoiceAdminTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}

function AdminAccessDenied() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <section className="max-w-md text-center">
        <ShieldAlert className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">{t('dashboard.accessDenied.title')}</h1>
        <p className="mt-2 text-muted-foreground">{t('dashboard.accessDenied.body')}</p>
      </section>
    </div>
  );
}
