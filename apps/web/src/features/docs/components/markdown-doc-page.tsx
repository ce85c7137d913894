import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { mayHaveSession } from '../../../lib/api-client';
import { meQueryOptions } from '../../auth';
import { useDocPageOverrides } from '../api/doc-pages';
import { currentDocPage } from '../lib/current-page';
import { docPages } from '../lib/doc-pages';
import { DocPageEditor } from './doc-page-editor';
import { DocPageContent } from './doc-page-content';

/** The search parameter that opens the editor (kept in the URL so a reload stays in the editor). */
export const EDIT_PARAM = 'edit';

/**
 * A Markdown page of the docs site: the version saved in the app when there is one, else the shipped text (also
 * while the saved versions load, or when they cannot be fetched). Super admins edit it in place (?edit=1).
 */
export function MarkdownDocPage({ path }: { path: string }) {
  const { t } = useTranslation('docs');
  const canEdit = useIsSuperAdmin();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data } = useDocPageOverrides();
  const page = currentDocPage(path, docPages.get(path), data?.pages);

  const setEditing = (editing: boolean) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (editing) next.set(EDIT_PARAM, '1');
      else next.delete(EDIT_PARAM);
      return next;
    });

  if (canEdit && searchParams.get(EDIT_PARAM) === '1') {
    return <DocPageEditor path={path} onClose={() => setEditing(false)} />;
  }
  if (!page) return null;
  const edit = canEdit ? (
    <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
      <Pencil aria-hidden /> {t('page.edit')}
    </Button>
  ) : undefined;
  return <DocPageContent page={page} action={edit} />;
}

/**
 * Whether a super admin is signed in. The docs are public: a visitor without a session cookie is not asked about
 * (an unanswered /api/auth/me would be a 401 in every visitor's console); the app's cached answer is reused.
 */
function useIsSuperAdmin(): boolean {
  const { data } = useQuery({ ...meQueryOptions(), enabled: mayHaveSession() });
  return data?.role === 'super_admin';
}
