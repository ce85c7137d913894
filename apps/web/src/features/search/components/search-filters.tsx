import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { searchFoldersQuery, type SearchFilters } from '../api/search-conversations';

const selectClass = 'h-9 w-full rounded-md border bg-background px-3 text-sm';

interface SearchFiltersProps {
  value: SearchFilters;
  onChange: (value: SearchFilters) => void;
}

/** Date range, model, folder and attachments: each narrows the results at once. */
export function SearchFilterFields({ value, onChange }: SearchFiltersProps) {
  const { t } = useTranslation('search');
  const id = useId();
  const folders = useQuery(searchFoldersQuery());
  const set = (patch: SearchFilters) => onChange({ ...value, ...patch });
  return (
    <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      <legend className="sr-only">{t('filters.legend')}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>{t('filters.from')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={value.from ?? ''}
          onChange={(event) => set({ from: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>{t('filters.to')}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          value={value.to ?? ''}
          onChange={(event) => set({ to: event.target.value || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-model`}>{t('filters.model')}</Label>
        <Input
          id={`${id}-model`}
          placeholder={t('filters.anyModel')}
          maxLength={200}
          value={value.model ?? ''}
          onChange={(event) => set({ model: event.target.value.trim() || undefined })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-folder`}>{t('filters.folder')}</Label>
        <select
          id={`${id}-folder`}
          className={selectClass}
          value={value.folderId ?? ''}
          onChange={(event) => set({ folderId: event.target.value || undefined })}
        >
          <option value="">{t('filters.anyFolder')}</option>
          {(folders.data?.folders ?? []).map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-files`}>{t('filters.attachments')}</Label>
        <select
          id={`${id}-files`}
          className={selectClass}
          value={value.hasAttachments ?? ''}
          onChange={(event) =>
            set({ hasAttachments: (event.target.value || undefined) as SearchFilters['hasAttachments'] })
          }
        >
          <option value="">{t('filters.any')}</option>
          <option value="true">{t('filters.withAttachments')}</option>
          <option value="false">{t('filters.withoutAttachments')}</option>
        </select>
      </div>
    </fieldset>
  );
}
