import { ModelHeader } from '../../features/models/components/model-header';
import { useModelSelection } from '../../features/models/hooks/use-model-selection';
import { TemporaryChatScreen } from '../../features/temporary-chat';

/** /temporary: a chat that is never saved (issue 17), with the same model picker as the chat. */
export function TemporaryChatRoute() {
  const selection = useModelSelection(null);
  return (
    <TemporaryChatScreen
      model={selection.selected}
      modelHeader={<ModelHeader selection={selection} taskContext={{}} />}
    />
  );
}
