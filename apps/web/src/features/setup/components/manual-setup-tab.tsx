import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { HEARTH_URL, npmStart, type SetupCommand } from '../lib/commands';
import { CommandCard } from './command-card';

const steps: SetupCommand[] = [
  {
    title: 'manual.node.title',
    command: 'node --version',
    note: 'manual.node.note',
  },
  {
    title: 'manual.ollama.title',
    command: 'curl -fsSL https://ollama.com/install.sh | sh\nollama pull llama3.2',
    note: 'manual.ollama.note',
  },
  { ...npmStart, title: 'manual.start.title' },
  {
    title: 'manual.settings.title',
    command: 'cp .env.example .env',
    note: 'manual.settings.note',
  },
];

export function ManualSetupTab() {
  const { t } = useTranslation('setup');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('manual.title')}</CardTitle>
        <CardDescription>{t('manual.description', { url: HEARTH_URL })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {steps.map((step) => (
          <CommandCard key={step.title} command={step} />
        ))}
      </CardContent>
    </Card>
  );
}
