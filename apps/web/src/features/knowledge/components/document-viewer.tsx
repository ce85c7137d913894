import { Download } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { apiPaths } from '../../../config/paths';
import { useDocument } from '../api/get-document';

/** The extracted text of one document, shown as plain text (React escapes it; nothing is parsed as HTML). */
export function DocumentViewer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const document = useDocument(id);
  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle className="break-all">{document.data?.file_name ?? 'Document'}</DialogTitle>
          <DialogDescription>Extracted content</DialogDescription>
        </DialogHeader>
        {document.isPending ? (
          <Spinner />
        ) : document.isError ? (
          <p className="text-sm text-destructive">{document.error.message}</p>
        ) : (
          <pre
            data-testid="document-content"
            className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 text-sm whitespace-pre-wrap break-words"
          >
            {document.data.content || 'No content has been extracted yet.'}
          </pre>
        )}
        {id ? (
          <a href={apiPaths.knowledge.documentFile(id)} download className={buttonClasses('outline', 'sm')}>
            <Download aria-hidden /> Download original
          </a>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
