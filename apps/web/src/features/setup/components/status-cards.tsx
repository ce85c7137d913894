import { CircleCheck, Download, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { modelDownloadCommands, troubleshootingCommands } from '../lib/commands';
import { CommandList } from './command-card';

export function TroubleshootingCard({ message }: { message: string }) {
  return (
    <Card className="border-destructive/50" data-testid="troubleshooting-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wrench className="size-5 text-destructive" aria-hidden />
          Troubleshooting
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
  return (
    <Card data-testid="manual-download-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download className="size-5 text-primary" aria-hidden />
          Download a model
        </CardTitle>
        <CardDescription>
          The model service is running but has no chat model yet. An administrator can download a recommended model from
          the AI Models screen, or pull one with Ollama (about 5-10 minutes for a small model).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CommandList commands={modelDownloadCommands} />
        <Link to={paths.models} className={buttonClasses('outline')}>
          Open the AI Models screen
        </Link>
      </CardContent>
    </Card>
  );
}

export function SystemReadyCard() {
  return (
    <Card className="border-green-600/40" data-testid="system-ready-card">
      <CardHeader className="flex-row items-center gap-3">
        <CircleCheck className="size-8 text-green-700 dark:text-green-400" aria-hidden />
        <div className="grid gap-1">
          <CardTitle>System Ready!</CardTitle>
          <CardDescription>Hearth, the model service and a model are all in place.</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <Link to={paths.dashboard} className={buttonClasses('default')}>
          Start chatting
        </Link>
      </CardContent>
    </Card>
  );
}
