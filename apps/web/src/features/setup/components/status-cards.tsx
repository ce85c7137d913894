import { CircleCheck, Download, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { modelDownloadCommands, troubleshootingCommands } from '../lib/commands';
import { CommandList } from './command-card';

export function TroubleshootingCard({ message }: { message: string }) {
  const { t } = useTranslation('setup');
  return (
    <Card className="border-destructive/50" data-testid="troubleshooting-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wrench className="size-5 text-destructive" aria-hidden />
          {t('cards.troubleshooting')}
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent>
        <CommandList commands={troubleshootingCommands} />
      </CardContent>
    </Card>
  );
}

export function ManualDownloadCard() {
  const { t } = useTranslation('setup');
  return (
    <Card data-testid="manual-download-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download className="size-5 text-primary" aria-hidden />
          {t('cards.download')}
        </CardTitle>
        <CardDescription>{t('cards.downloadDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CommandList commands={modelDownloadCommands} />
        <Link to={paths.models} className={buttonClasses('outline')}>
          {t('cards.openModels')}
        </Link>
      </CardContent>
    </Card>
  );
}

export function SystemReadyCard() {
  const { t } = useTranslation('setup');
  return (
    <Card className="border-green-600/40" data-testid="system-ready-card">
      <CardHeader className="flex-row items-center gap-3">
        <CircleCheck className="size-8 text-green-700 dark:text-green-400" aria-hidden />
        <div className="grid gap-1">
          <CardTitle>{t('cards.ready')}</CardTitle>
          <CardDescription>{t('cards.readyDescription')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Link to={paths.dashboard} className={buttonClasses('default')}>
          {t('cards.startChatting')}
        </Link>
      </CardContent>
    </Card>
  );
}
