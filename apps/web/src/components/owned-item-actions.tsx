import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupShareTarget } from '../lib/group-shares';
import { GroupShareDialog } from './group-share-dialog';
import { Button } from './ui/button';
import { Label } from './ui/label';
import { Switch } from './ui/switch';

interface Props {
  title: string;
  shared: boolean;
  /** A change of the switch is being saved. */
  sharing: boolean;
  onShare: (shared: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  groups: GroupShareTarget;
  /** Where group members find the item ("their library", "their model picker"). */
  seenIn: string;
}

/** An own prompt's or preset's card actions: share with the organisation or with groups, edit, delete. */
export function OwnedItemActions({ title, shared, sharing, onShare, onEdit, onDelete, groups, seenIn }: Props) {
  const shareId = useId();
  const { t } = useTranslation('common');
  return (
    <>
      <div className="flex flex-1 items-center gap-2">
        <Switch
          id={shareId}
          checked={shared}
          disabled={sharing}
          onCheckedChange={onShare}
          aria-describedby={`${shareId}-hint`}
        />
        <Label htmlFor={shareId}>{t('share.shared')}</Label>
        <span id={`${shareId}-hint`} className="sr-only">
          {t('share.sharedHint')}
        </span>
      </div>
      <GroupShareDialog title={title} target={groups} seenIn={seenIn} />
      <Button variant="ghost" size="icon" aria-label={t('actions.editItem', { title })} onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={t('actions.deleteItem', { title })} onClick={onDelete}>
        <Trash2 aria-hidden />
      </Button>
    </>
  );
}
