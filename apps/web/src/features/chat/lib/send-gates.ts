import type { ToastInput } from '../../../components/ui/toast-store';

/** What the chat needs to know about models; the app fills it from the models feature. */
export interface ChatModelState {
  /** Every check (connection, system mode, model list) has answered. */
  ready: boolean;
  connected: boolean;
  selected: string | null;
}

/** Spec §5 and §8: sending needs a signed-in user, a ready system, a connected AI service and a model. */
export function checkSendGates({ signedIn, model }: { signedIn: boolean; model: ChatModelState }): ToastInput | null {
  if (!signedIn) return { title: 'Authentication required', description: 'Please log in to start a conversation.' };
  if (!model.ready) {
    return {
      title: 'System Not Ready',
      description: 'Hearth is still checking the model service. Please wait a moment.',
    };
  }
  if (!model.connected) {
    return {
      title: 'AI Service Unavailable',
      description: 'Cannot connect to the model server. Please ensure the model services are running.',
    };
  }
  if (!model.selected) return { title: 'No Model Selected', description: 'Please choose a model before sending.' };
  return null;
}
