import type { Attachment } from '@hearth/contract';
import { CHAT_MAX_ATTACHMENT_BYTES } from '@hearth/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { isApiError } from '../../../lib/api-error';
import { uploadAttachment } from '../api/upload-attachment';
import { INVALID_FILE_DESCRIPTION, INVALID_FILE_TITLE, isImageFile, partitionFiles } from '../lib/attachment-rules';

export interface PendingFile {
  localId: string;
  name: string;
  size: number;
  isImage: boolean;
  /** A blob: URL for the image preview (revoked when the file goes). */
  previewUrl: string | null;
  status: 'uploading' | 'ready';
  attachment: Attachment | null;
}

let counter = 0;

const tooLargeMessage = (bytes: number) =>
  `File size (${(bytes / 1024 / 1024).toFixed(2)} MB) exceeds maximum allowed size (10MB)`;

function uploadFailure(error: unknown): { title: string; description?: string } {
  if (!isApiError(error)) return { title: 'Upload failed', description: 'Please try again.' };
  const details = error.details as { description?: unknown } | undefined;
  if (typeof details?.description === 'string') return { title: error.message, description: details.description };
  return { title: 'Upload failed', description: error.message };
}

/**
 * Files attached to the next message: checked by extension (spec §5), uploaded straight away so errors show at
 * once, previewed when they are images. Send uses the uploaded ones.
 */
export function useComposerFiles() {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const live = useRef(files);
  useEffect(() => {
    live.current = files;
  });
  useEffect(() => () => live.current.forEach((file) => file.previewUrl && URL.revokeObjectURL(file.previewUrl)), []);

  const remove = useCallback((localId: string) => {
    setFiles((current) => {
      const gone = current.find((file) => file.localId === localId);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return current.filter((file) => file.localId !== localId);
    });
  }, []);

  const uploadOne = useCallback(
    async (file: File) => {
      counter += 1;
      const localId = `file-${counter}`;
      const isImage = isImageFile(file.name);
      const pending: PendingFile = {
        localId,
        name: file.name,
        size: file.size,
        isImage,
        previewUrl: isImage && file.type !== 'image/svg+xml' ? URL.createObjectURL(file) : null,
        status: 'uploading',
        attachment: null,
      };
      setFiles((current) => [...current, pending]);
      try {
        const attachment = await uploadAttachment(file);
        setFiles((current) =>
          current.map((item) => (item.localId === localId ? { ...item, status: 'ready', attachment } : item)),
        );
      } catch (error) {
        remove(localId);
        toast({ ...uploadFailure(error), variant: 'destructive' });
      }
    },
    [remove],
  );

  const add = useCallback(
    (chosen: File[]) => {
      const { accepted, rejected } = partitionFiles(chosen);
      if (rejected > 0)
        toast({ title: INVALID_FILE_TITLE, description: INVALID_FILE_DESCRIPTION, variant: 'destructive' });
      for (const file of accepted) {
        if (file.size > CHAT_MAX_ATTACHMENT_BYTES) {
          toast({ title: 'Upload failed', description: tooLargeMessage(file.size), variant: 'destructive' });
          continue;
        }
        void uploadOne(file);
      }
    },
    [uploadOne],
  );

  /** Hands the uploaded attachments to a send and empties the tray (previews are released). */
  const take = useCallback((): Attachment[] => {
    const ready = live.current.flatMap((file) => (file.attachment ? [file.attachment] : []));
    live.current.forEach((file) => file.previewUrl && URL.revokeObjectURL(file.previewUrl));
    setFiles([]);
    return ready;
  }, []);

  const uploading = files.some((file) => file.status === 'uploading');
  const hasImages = files.some((file) => file.isImage);
  const hasDocuments = files.some((file) => !file.isImage);
  return { files, add, remove, take, uploading, hasImages, hasDocuments };
}
