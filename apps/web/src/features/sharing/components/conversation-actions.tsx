import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { apiPaths } from '../../../config/paths';
import { ShareDialog } from './share-dialog';

const FORMATS = ['md', 'json', 'pdf'] as const;

/** The chat header's Share… and Export: a share link, or the chat as a file (the server names it). */
export function ConversationActions({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('sharing');
  const [sharing, setSharing] = useState(false);
  const labels = { md: t('export.md'), json: t('export.json'), pdf: t('export.pdf') };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setSharing(true)} aria-label={t('share')}>
        <Share2 aria-hidden />
        <span className="hidden sm:inline">{t('share')}</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={t('export.label')}>
            <Download aria-hidden />
            <span className="hidden sm:inline">{t('export.label')}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {FORMATS.map((format) => (
            <DropdownMenuItem key={format} asChild>
              {/* A plain link: the browser downloads what the server sends with Content-Disposition. */}
              <a href={apiPaths.sharing.export(conversationId, format)} download>
                {labels[format]}
              </a>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ShareDialog conversationId={conversationId} open={sharing} onOpenChange={setSharing} />
    </>
  );
}
