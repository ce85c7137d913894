import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { Dialog, DialogContent, DialogFooter } from './ui/dialog';
import { Label } from './ui/label';
import { Switch } from './ui/switch';

interface DialogProps<D> {
  /** Open while there is a draft; a new draft (another id) starts the form afresh. */
  draft: D | null;
  onClose: () => void;
  className?: string;
  children: (draft: D) => ReactNode;
}

/** The New / Edit dialog of an own prompt or preset. */
export function ItemEditorDialog<D extends { id?: string }>({
  draft,
  onClose,
  className = 'sm:max-w-2xl',
  children,
}: DialogProps<D>) {
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className={className}>
        {draft ? <Fragment key={draft.id ?? 'new'}>{children(draft)}</Fragment> : null}
      </DialogContent>
    </Dialog>
  );
}

interface FooterProps {
  shared: boolean;
  onSharedChange: (shared: boolean) => void;
  /** What stops the save, in words; shown as an alert. */
  problem: string | null;
  pending: boolean;
  saveLabel: string;
}

/** The end of such an editor's form: the organisation-wide share switch, the problem if any, and Save. */
export function ItemEditorFooter({ shared, onSharedChange, problem, pending, saveLabel }: FooterProps) {
  const shareId = useId();
  const { t } = useTranslation('common');
  return (
    <>
      <div className="flex items-center gap-3">
        <Switch id={shareId} checked={shared} onCheckedChange={onSharedChange} />
        <Label htmlFor={shareId}>{t('share.withOrganisation')}</Label>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? t('actions.saving') : saveLabel}
        </Button>
      </DialogFooter>
    </>
  );
}
