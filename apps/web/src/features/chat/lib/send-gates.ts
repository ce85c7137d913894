import type { ToastInput } from '../../../components/ui/toast-store';
import { i18n } from '../../../lib/i18n';

/** What the chat needs to know about models; the app fills it from the models feature. */
export interface ChatModelState {
  /** Every check (connection, system mode, model list) has answered. */
  ready: boolean;
  connected: boolean;
  selected: string | null;
}

/** Spec §5 and §8: sending needs a signed-in user, a ready system, a connected AI service and a model. */
export function checkSendGates({ signedIn, model }: { signedIn: boolean; model: ChatModelState }): ToastInput | null {
  if (!signedIn) return { title: i18n.t('chat:gates.authTitle'), description: i18n.t('chat:gates.authDescription') };
  if (!model.ready) {
    return {
      title: i18n.t('chat:gates.notReadyTitle'),
      description: i18n.t('chat:gates.notReadyDescription'),
    };
  }
  if (!model.connected) {
    return {
      title: i18n.t('chat:gates.unavailableTitle'),
      description: i18n.t('chat:gates.unavailableDescription'),
    };
  }
  if (!model.selected) {
    return { title: i18n.t('chat:gates.noModelTitle'), description: i18n.t('chat:gates.noModelDescription') };
  }
  return null;
}
