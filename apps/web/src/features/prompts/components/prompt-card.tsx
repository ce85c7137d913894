import type { Prompt } from '@hearth/contract';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { OwnedItemActions } from '../../../components/owned-item-actions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { promptGroups } from '../api/prompts';

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
  const { t } = useTranslation('prompts');
  return (
    <Card aria-label={prompt.title} className="flex flex-col">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          {prompt.title}
          {prompt.built_in ? <Badge variant="outline">{t('starter')}</Badge> : null}
          {!prompt.owned && !prompt.built_in ? (
            <Badge variant="secondary">{t('card.sharedBy', { author: prompt.author })}</Badge>
          ) : null}
        </CardTitle>
        {prompt.description ? <CardDescription>{prompt.description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <p className="line-clamp-4 text-sm whitespace-pre-wrap text-muted-foreground">{prompt.content}</p>
        {prompt.variables.length > 0 ? (
          <p className="text-xs text-muted-foreground">{t('variables', { list: prompt.variables.join(', ') })}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2">
          {prompt.owned ? (
            <OwnedItemActions
              title={prompt.title}
              shared={prompt.shared}
              sharing={sharing}
              onShare={onShare}
              onEdit={onEdit}
              onDelete={onDelete}
              groups={promptGroups(prompt.id)}
              seenIn={t('card.seenIn')}
            />
          ) : (
            <Button variant="outline" size="sm" onClick={onCopy} className="ml-auto">
              <Copy aria-hidden /> {t('card.makeCopy')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
