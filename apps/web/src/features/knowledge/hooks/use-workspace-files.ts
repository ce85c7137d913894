import { useState } from 'react';
import { toast } from '../../../components/ui/toast-store';
import { pickWorkspaceFiles } from '../lib/messages';

/** The workspace dialogs' file selection: unsupported files are skipped with the spec's toast. */
export function useWorkspaceFiles() {
  const [files, setFiles] = useState<File[]>([]);
  const add = (picked: File[]) => {
    const result = pickWorkspaceFiles(picked);
    if (result.toast) toast(result.toast);
    setFiles((current) => [...current, ...result.files]);
  };
  const remove = (index: number) => setFiles((current) => current.filter((_, i) => i !== index));
  const clear = () => setFiles([]);
  return { files, add, remove, clear };
}
