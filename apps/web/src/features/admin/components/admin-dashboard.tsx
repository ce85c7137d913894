import { ShieldAlert } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useAuth } from '../../auth';
import { DocumentationTab } from '../../docs-maintenance';
import { UpdatesTab } from '../../releases';
import { AddUserDialog } from './add-user-dialog';
import { OverviewTab } from './overview-tab';
import { UserManagement } from './user-management';

/** /admin (spec §2): Overview and User Management; non-admins are told they may not be here. */
export function AdminDashboard() {
  const { user, isAdmin } = useAuth();
  if (!user || !isAdmin) return <AdminAccessDenied />;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            {user.role === 'super_admin' ? 'The whole instance' : 'Your organisation'}: users, activity and settings.
          </p>
        </div>
        <AddUserDialog actor={user} />
      </header>
      <Tabs defaultValue="overview">
        <TabsList className="max-w-xl">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
          {user.role === 'super_admin' ? <TabsTrigger value="updates">Updates</TabsTrigger> : null}
          {user.role === 'super_admin' ? <TabsTrigger value="documentation">Documentation</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab actor={user} />
        </TabsContent>
        <TabsContent value="users">
          <UserManagement actor={user} />
        </TabsContent>
        {user.role === 'super_admin' ? (
          <TabsContent value="updates">
            <UpdatesTab />
          </TabsContent>
        ) : null}
        {user.role === 'super_admin' ? (
          <TabsContent value="documentation">
            <DocumentationTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}

function AdminAccessDenied() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <section className="max-w-md text-center">
        <ShieldAlert className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">Access Denied</h1>
        <p className="mt-2 text-muted-foreground">You don&apos;t have permission to access the admin dashboard.</p>
      </section>
    </div>
  );
}
