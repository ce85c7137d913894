import { ArrowLeft, Flame } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('setup');
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-4xl items-center gap-2 px-4">
          <Link to={paths.landing} className={buttonClasses('ghost', 'sm')}>
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('page.backToLanding')}
          </Link>
          <Link to={paths.home} className={buttonClasses('ghost', 'sm')}>
            <Flame className="text-primary" aria-hidden />
            {t('page.openHearth')}
          </Link>
          <span className="ms-auto" />
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">{t('page.title')}</h1>
          <p className="text-muted-foreground">{t('page.intro')}</p>
        </div>
        <Tabs defaultValue="quick-start">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="quick-start">{t('tabs.quickStart')}</TabsTrigger>
            <TabsTrigger value="prerequisites">{t('tabs.prerequisites')}</TabsTrigger>
            <TabsTrigger value="manual">{t('tabs.manual')}</TabsTrigger>
            <TabsTrigger value="status">{t('tabs.status')}</TabsTrigger>
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
