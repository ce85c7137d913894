import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  dockerCpu,
  dockerGpu,
  dockerPostgres,
  HEARTH_URL,
  npmStart,
  OLLAMA_PORT,
  singleContainer,
  statusCommands,
} from '../lib/commands';
import { CommandCard, CommandList } from './command-card';

export function QuickStartTab() {
  const { t } = useTranslation('setup');
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{t('quick.dockerTitle')}</CardTitle>
          <CardDescription>{t('quick.dockerDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <CommandCard command={dockerCpu} />
          <CommandCard command={dockerGpu} />
          <CommandCard command={dockerPostgres} />
          <CommandCard command={singleContainer} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('quick.nodeTitle')}</CardTitle>
          <CardDescription>{t('quick.nodeDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <CommandCard command={npmStart} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('quick.statusTitle')}</CardTitle>
          <CardDescription>{t('quick.statusDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <CommandList commands={statusCommands} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('quick.whereTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium">{t('quick.webApp')}</dt>
            <dd className="font-mono text-muted-foreground">{HEARTH_URL}</dd>
            <dt className="font-medium">{t('quick.health')}</dt>
            <dd className="font-mono text-muted-foreground">{HEARTH_URL}/health</dd>
            <dt className="font-medium">{t('quick.apiReference')}</dt>
            <dd className="font-mono text-muted-foreground">{HEARTH_URL}/api/docs</dd>
            <dt className="font-medium">{t('quick.ollama')}</dt>
            <dd className="font-mono text-muted-foreground">http://localhost:{OLLAMA_PORT}</dd>
          </dl>
          <p className="mt-4 text-sm text-muted-foreground">{t('quick.firstAccount')}</p>
        </CardContent>
      </Card>
    </div>
  );
}
