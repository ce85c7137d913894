import { Download, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DropdownMenuItem } from '../../../components/ui/dropdown-menu';
import { apiPaths } from '../../../config/paths';
import { ShareDialog } from './share-dialog';

/** Share… and the Markdown export for a conversation's row menu; the dialog lives outside the menu. */
export function useShareMenu(conversationId: string): { items: ReactNode; dialog: ReactNode } {
  const { t } = useTranslation('sharing');
  const [sharing, setSharing] = useState(false);
  return {
    items: (
      <>
        <DropdownMenuItem onSelect={() => setSharing(true)}>
          <Share2 aria-hidden />
          {t('share')}
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={apiPaths.sharing.export(conversationId, 'md')} download>
            <Download aria-hidden />
            {t('export.asMarkdown')}
          </a>
        </DropdownMenuItem>
      </>
    ),
    // Mounted only while open: a closed dialog per sidebar row would cost a query each.
    dialog: sharing ? <ShareDialog conversationId={conversationId} open onOpenChange={setSharing} /> : null,
  };
}
