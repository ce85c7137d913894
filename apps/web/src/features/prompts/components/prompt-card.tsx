import type { Prompt } from '@hearth/contract';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { PromptGroupsDialog } from './prompt-groups-dialog';

interface Props {
  prompt: Prompt;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
  onShare: (shared: boolean) => void;
  sharing: boolean;
}

/** One prompt: what it says, who wrote it; own prompts can be edited, shared and deleted, others copied. */
export function PromptCard({ prompt, onEdit, onCopy, onDelete, onShare, sharing }: Props) {
  const shareId = useId();
  return (
    <Card aria-label={prompt.title} className="flex flex-col">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {prompt.title}
          {prompt.built_in ? <Badge variant="outline">Starter</Badge> : null}
          {!prompt.owned && !prompt.built_in ? <Badge variant="secondary">Shared by {prompt.author}</Badge> : null}
        </CardTitle>
        {prompt.description ? <CardDescription>{prompt.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="line-clamp-4 text-sm whitespace-pre-wrap text-muted-foreground">{prompt.content}</p>
        {prompt.variables.length > 0 ? (
          <p className="text-xs text-muted-foreground">Variables: {prompt.variables.join(', ')}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {prompt.owned ? (
            <>
              <div className="flex flex-1 items-center gap-2">
                <Switch
                  id={shareId}
                  checked={prompt.shared}
                  disabled={sharing}
                  onCheckedChange={onShare}
                  aria-describedby={`${shareId}-hint`}
                />
                <Label htmlFor={shareId}>Shared</Label>
                <span id={`${shareId}-hint`} className="sr-only">
                  Visible to everyone in your organisation
                </span>
              </div>
              <PromptGroupsDialog id={prompt.id} title={prompt.title} />
              <Button variant="ghost" size="icon" aria-label={`Edit ${prompt.title}`} onClick={onEdit}>
                <Pencil aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Delete ${prompt.title}`} onClick={onDelete}>
                <Trash2 aria-hidden />
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" onClick={onCopy} className="ml-auto">
              <Copy aria-hidden /> Make a copy
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
