import type { Attachment } from '@hearth/contract';
import { CHAT_MAX_ATTACHMENT_BYTES } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast-store';
import { isApiError, translateApiError } from '../../../lib/api-error';
import { formatNumber } from '../../../lib/i18n';
import { uploadAttachment } from '../api/upload-attachment';
import { isImageFile, partitionFiles } from '../lib/attachment-rules';

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

type T = TFunction<'chat'>;

const tooLargeMessage = (t: T, bytes: number) =>
  t('files.tooLarge', {
    size: formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  });

function uploadFailure(t: T, error: unknown): { title: string; description?: string } {
  if (!isApiError(error)) return { title: t('files.uploadFailed'), description: t('files.tryAgain') };
  const details = error.details as { description?: unknown } | undefined;
  if (typeof details?.description === 'string')
    return { title: translateApiError(error), description: details.description };
  return { title: t('files.uploadFailed'), description: translateApiError(error) };
}

/**
 * Files attached to the next message: checked by extension (spec §5), uploaded straight away so errors show at
 * once, previewed when they are images. Send uses the uploaded ones.
 */
export function useComposerFiles() {
  const { t } = useTranslation('chat');
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
        toast({ ...uploadFailure(t, error), variant: 'destructive' });
      }
    },
    [remove, t],
  );

  const add = useCallback(
    (chosen: File[]) => {
      const { accepted, rejected } = partitionFiles(chosen);
      if (rejected > 0)
        toast({ title: t('files.invalidTitle'), description: t('files.invalidDescription'), variant: 'destructive' });
      for (const file of accepted) {
        if (file.size > CHAT_MAX_ATTACHMENT_BYTES) {
          toast({ title: t('files.uploadFailed'), description: tooLargeMessage(t, file.size), variant: 'destructive' });
          continue;
        }
        void uploadOne(file);
      }
    },
    [uploadOne, t],
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
