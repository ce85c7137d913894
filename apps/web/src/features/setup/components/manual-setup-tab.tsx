import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { HEARTH_URL, npmStart, type SetupCommand } from '../lib/commands';
import { CommandCard } from './command-card';

const steps: SetupCommand[] = [
  {
    title: '1. Check Node.js (20.19 or newer)',
    command: 'node --version',
    note: 'The SQLite driver builds once on install: python3, make and g++ must be present.',
  },
  {
    title: '2. Install Ollama (optional) and pull a model',
    command: 'curl -fsSL https://ollama.com/install.sh | sh\nollama pull llama3.2',
    note: 'Skip this to use only GGUF files with the built-in runtime, downloaded from the AI Models screen.',
  },
  { ...npmStart, title: '3. Install and start Hearth' },
  {
    title: '4. Optional settings',
    command: 'cp .env.example .env',
    note: 'Every setting is an environment variable (port, data folder, PostgreSQL, Ollama URLs): see .env.example.',
  },
];

export function ManualSetupTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Manual setup</CardTitle>
        <CardDescription>Without Docker, in about 15 minutes. Then open {HEARTH_URL}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {steps.map((step) => (
          <CommandCard key={step.title} command={step} />
        ))}
      </CardContent>
    </Card>
  );
}
