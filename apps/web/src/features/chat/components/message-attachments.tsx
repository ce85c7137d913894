import type { Attachment } from '@hearth/contract';
import { FileText } from 'lucide-react';
import { apiPaths } from '../../../config/paths';
import { formatFileSize } from '../lib/format-file-size';

/** Files sent with a message: image thumbnails (served by our own server) and document chips. */
export function MessageAttachments({ attachments }: { attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <div className="mb-2 flex flex-wrap gap-2">
      {attachments.map((attachment) =>
        attachment.kind === 'image' && attachment.mime_type !== 'image/svg+xml' ? (
          <a
            key={attachment.id}
            href={apiPaths.chat.attachmentContent(attachment.id)}
            target="_blank"
            rel="noopener noreferrer"
            title={attachment.name}
          >
            <img
              src={apiPaths.chat.attachmentContent(attachment.id)}
              alt={attachment.name}
              loading="lazy"
              className="size-24 rounded-md border object-cover"
            />
          </a>
        ) : (
          <a
            key={attachment.id}
            href={apiPaths.chat.attachmentContent(attachment.id)}
            className="inline-flex max-w-60 items-center gap-2 rounded-md border bg-background/60 px-2 py-1 text-xs text-foreground"
            download={attachment.name}
          >
            <FileText className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{attachment.name}</span>
            <span className="shrink-0 text-muted-foreground">{formatFileSize(attachment.size)}</span>
          </a>
        ),
      )}
    </div>
  );
}
