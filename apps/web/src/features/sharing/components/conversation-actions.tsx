import { Download, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { apiPaths } from '../../../config/paths';
import { ShareDialog } from './share-dialog';

const FORMATS = [
  { format: 'md', label: 'Markdown (.md)' },
  { format: 'json', label: 'JSON (.json)' },
  { format: 'pdf', label: 'PDF (.pdf)' },
] as const;

/** The chat header's Share… and Export: a share link, or the chat as a file (the server names it). */
export function ConversationActions({ conversationId }: { conversationId: string }) {
  const [sharing, setSharing] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setSharing(true)} aria-label="Share…">
        <Share2 aria-hidden />
        <span className="hidden sm:inline">Share…</span>
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label="Export">
            <Download aria-hidden />
            <span className="hidden sm:inline">Export</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {FORMATS.map(({ format, label }) => (
            <DropdownMenuItem key={format} asChild>
              {/* A plain link: the browser downloads what the server sends with Content-Disposition. */}
              <a href={apiPaths.sharing.export(conversationId, format)} download>
                {label}
              </a>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ShareDialog conversationId={conversationId} open={sharing} onOpenChange={setSharing} />
    </>
  );
}
