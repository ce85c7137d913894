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
  if (!modelName) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Install {modelName}</DialogTitle>
          <DialogDescription>
            Hearth uses Ollama at OLLAMA_BASE_URL (default http://127.0.0.1:11434); new models appear here after a
            Refresh.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="terminal">
          <TabsList>
            <TabsTrigger value="terminal">Terminal</TabsTrigger>
            <TabsTrigger value="script">Script</TabsTrigger>
            <TabsTrigger value="docker">Docker</TabsTrigger>
          </TabsList>
          <TabsContent value="terminal" className="grid gap-3">
            <CommandBlock
              label="1. Install Ollama (Linux; macOS and Windows: installer from ollama.com)"
              command="curl -fsSL https://ollama.com/install.sh | sh"
            />
            <CommandBlock label="2. Pull the model" command={`ollama pull ${modelName}`} />
            <CommandBlock
              label="3. Start Hearth pointing at Ollama"
              command="OLLAMA_BASE_URL=http://127.0.0.1:11434 npm start"
            />
          </TabsContent>
          <TabsContent value="script" className="grid gap-3">
            <CommandBlock
              label="Save as install-model.sh, then run: bash install-model.sh"
              command={script(modelName)}
            />
          </TabsContent>
          <TabsContent value="docker" className="grid gap-3">
            <CommandBlock
              label="1. Run Ollama in a container (add --gpus=all for an NVIDIA GPU)"
              command="docker run -d --name ollama -p 11434:11434 -v ollama:/root/.ollama ollama/ollama"
            />
            <CommandBlock label="2. Pull the model inside it" command={`docker exec ollama ollama pull ${modelName}`} />
            <CommandBlock
              label="3. Start Hearth pointing at it"
              command="OLLAMA_BASE_URL=http://127.0.0.1:11434 npm start"
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
