import { ArrowLeft, Flame } from 'lucide-react';
import { Link } from 'react-router';
import { ThemeToggle } from '../../../components/theme-toggle';
import { buttonClasses } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { ManualSetupTab } from './manual-setup-tab';
import { PrerequisitesTab } from './prerequisites-tab';
import { QuickStartTab } from './quick-start-tab';
import { SystemStatusTab } from './system-status-tab';

/** The public setup guide (/quick-start): real commands for Hearth and a live status check. */
export function SetupPage() {
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-4xl items-center gap-2 px-4">
          <Link to={paths.landing} className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft aria-hidden />
            Back to Landing
          </Link>
          <Link to={paths.home} className={buttonClasses('ghost', 'sm')}>
            <Flame className="text-primary" aria-hidden />
            Open Hearth
          </Link>
          <span className="ml-auto" />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Set up Hearth</h1>
          <p className="text-muted-foreground">
            Start Hearth on your own machine, check what it needs and see whether everything is running.
          </p>
        </div>
        <Tabs defaultValue="quick-start">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="quick-start">Quick Start</TabsTrigger>
            <TabsTrigger value="prerequisites">Prerequisites</TabsTrigger>
            <TabsTrigger value="manual">Manual Setup</TabsTrigger>
            <TabsTrigger value="status">System Status</TabsTrigger>
          </TabsList>
          <TabsContent value="quick-start">
            <QuickStartTab />
          </TabsContent>
          <TabsContent value="prerequisites">
            <PrerequisitesTab />
          </TabsContent>
          <TabsContent value="manual">
            <ManualSetupTab />
          </TabsContent>
          <TabsContent value="status">
            <SystemStatusTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
