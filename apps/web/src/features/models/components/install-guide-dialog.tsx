import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { CommandBlock } from './command-block';

interface InstallGuideDialogProps {
  /** An Ollama model name such as "llava:7b". */
  modelName: string | null;
  onClose: () => void;
}

const script = (model: string) => `#!/usr/bin/env bash
# Installs Ollama if needed, waits for it, pulls the model.
set -euo pipefail
MODEL="\${1:-${model}}"
command -v ollama >/dev/null || curl -fsSL https://ollama.com/install.sh | sh
until curl -sf http://127.0.0.1:11434/api/tags >/dev/null; do
  (ollama serve >/dev/null 2>&1 &) ; sleep 2
done
ollama pull "$MODEL"
ollama list`;

/** How to install a model outside the app: terminal commands, a script, or Docker (admin spec §2). */
export function InstallGuideDialog({ modelName, onClose }: InstallGuideDialogProps) {
  const { t } = useTranslation('models');
  if (!modelName) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('guide.title', { name: modelName })}</DialogTitle>
          <DialogDescription>{t('guide.description')}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="terminal">
          <TabsList>
            <TabsTrigger value="terminal">{t('guide.terminal')}</TabsTrigger>
            <TabsTrigger value="script">{t('guide.script')}</TabsTrigger>
            <TabsTrigger value="docker">{t('guide.docker')}</TabsTrigger>
          </TabsList>
          <TabsContent value="terminal" className="grid gap-3">
            <CommandBlock label={t('guide.installOllama')} command="curl -fsSL https://ollama.com/install.sh | sh" />
            <CommandBlock label={t('guide.pullModel')} command={`ollama pull ${modelName}`} />
            <CommandBlock label={t('guide.startHearth')} command="OLLAMA_BASE_URL=http://127.0.0.1:11434 npm start" />
          </TabsContent>
          <TabsContent value="script" className="grid gap-3">
            <CommandBlock label={t('guide.saveScript')} command={script(modelName)} />
          </TabsContent>
          <TabsContent value="docker" className="grid gap-3">
            <CommandBlock
              label={t('guide.dockerRun')}
              command="docker run -d --name ollama -p 11434:11434 -v ollama:/root/.ollama ollama/ollama"
            />
            <CommandBlock label={t('guide.dockerPull')} command={`docker exec ollama ollama pull ${modelName}`} />
            <CommandBlock label={t('guide.dockerStart')} command="OLLAMA_BASE_URL=http://127.0.0.1:11434 npm start" />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
