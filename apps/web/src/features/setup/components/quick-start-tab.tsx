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
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Start Hearth with Docker</CardTitle>
          <CardDescription>
            Run one of these in the folder where you cloned Hearth. Docker setup takes about 5 minutes.
          </CardDescription>
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
          <CardTitle>Or run it with Node.js</CardTitle>
          <CardDescription>No Docker needed: Node.js 20.19 or newer is enough.</CardDescription>
        </CardHeader>
        <CardContent>
          <CommandCard command={npmStart} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Status and logs</CardTitle>
          <CardDescription>For the Docker Compose setups.</CardDescription>
        </CardHeader>
        <CardContent>
          <CommandList commands={statusCommands} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Where to find it</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium">Hearth (web app and API)</dt>
            <dd className="font-mono text-muted-foreground">{HEARTH_URL}</dd>
            <dt className="font-medium">Health check</dt>
            <dd className="font-mono text-muted-foreground">{HEARTH_URL}/health</dd>
            <dt className="font-medium">API reference</dt>
            <dd className="font-mono text-muted-foreground">{HEARTH_URL}/api/docs</dd>
            <dt className="font-medium">Ollama (if you use it)</dt>
            <dd className="font-mono text-muted-foreground">http://localhost:{OLLAMA_PORT}</dd>
          </dl>
          <p className="mt-4 text-sm text-muted-foreground">
            Then create the first account: it becomes the administrator.
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
