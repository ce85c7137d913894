import type { ModelGrantKind } from '@hearth/contract';
import type { ReactNode } from 'react';
import { useAuth } from '../../auth';
import { useGrantableGroups, useModelGrants } from '../api/model-grants';
import { VisibilityControl } from '../components/visibility-control';

export type VisibilityFor = (kind: ModelGrantKind, subject: string, label: string) => ReactNode;

/** Admins: the Visibility control of each model and runtime; nothing for everyone else. */
export function useModelVisibility(isAdmin: boolean): VisibilityFor {
  const { user } = useAuth();
  const grants = useModelGrants(isAdmin);
  const groups = useGrantableGroups(isAdmin);
  const canEdit = user?.role === 'super_admin';
  return (kind, subject, label) => {
    if (!isAdmin || !grants.data) return null;
    const grant = grants.data.grants.find((item) => item.kind === kind && item.subject === subject);
    return (
      <VisibilityControl
        kind={kind}
        subject={subject}
        label={label}
        groupIds={grant?.group_ids ?? []}
        groups={groups.data?.groups ?? []}
        canEdit={canEdit}
      />
    );
  };
}
