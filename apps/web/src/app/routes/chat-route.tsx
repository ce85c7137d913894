import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { AdvancedRetrievalPopover } from '../../features/knowledge/components/advanced-retrieval-popover';
import { CollectionPicker } from '../../features/knowledge/components/collection-picker';
import { CollectionSuggestions } from '../../features/knowledge/components/collection-suggestions';
import { DocumentViewer } from '../../features/knowledge/components/document-viewer';
import { useAdvancedRetrieval } from '../../features/knowledge/hooks/use-advanced-retrieval';
import { useCollectionPicker } from '../../features/knowledge/hooks/use-collection-picker';
import { firstSnippet } from '../../features/knowledge/lib/locate-passage';
import { GpuStatusCard } from '../../features/models/components/gpu-status-card';
import { ModelHeader } from '../../features/models/components/model-header';
import { NoModelsView } from '../../features/models/components/no-models-view';
import { useModelSelection } from '../../features/models/hooks/use-model-selection';
import { ChatSettingsDialog, PresetPickerSection, useChatSettings, usePresets } from '../../features/presets';
import { ConversationActions } from '../../features/sharing';
import { TemporaryChatSwitch } from '../../features/temporary-chat';
import { useWebSearchToggle, WebSearchToggle } from '../../features/web-search';

/** The chat at /, /dashboard and /c/:conversationId: the chat feature, given the models feature's state. */
export function ChatRoute() {
  const { conversationId } = useParams();
  const { user, isAdmin } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Issue 17: a new chat may start from a preset (/?preset=id); an open chat remembers its own model.
  const presetId = conversationId ? null : params.get('preset');
  const preset = usePresets().data?.presets.find((entry) => entry.id === presetId) ?? null;
  const chatSettings = useChatSettings(conversationId ?? null).data;
  const chatKey = conversationId ?? `new:${presetId ?? ''}`;
  const [picked, setPicked] = useState<{ key: string; name: string } | null>(null);
  const remembered = conversationId ? chatSettings?.settings.model : preset?.settings.model;
  const base = useModelSelection((picked?.key === chatKey ? picked.name : null) ?? remembered ?? null);
  const selection = {
    ...base,
    select: (name: string) => {
      setPicked({ key: chatKey, name });
      base.select(name);
    },
  };
  const collections = useCollectionPicker();
  const advanced = useAdvancedRetrieval();
  const webSearch = useWebSearchToggle(user !== null);
  const model = useMemo(
    () => ({ ready: selection.ready, connected: selection.connected, selected: selection.selected }),
    [selection.ready, selection.connected, selection.selected],
  );
  // Compare (issue 17) offers the chat models the user may use, each name once.
  const compareModels = useMemo(() => [...new Set(base.models.map((entry) => entry.name))], [base.models]);
  return (
    <ChatScreen
      conversationId={conversationId ?? null}
      model={model}
      signedIn={user !== null}
      renderModelHeader={(taskContext) => (
        <ModelHeader
          selection={selection}
          taskContext={taskContext}
          presets={(close) => (
            <PresetPickerSection
              activeId={preset?.id ?? chatSettings?.preset?.id ?? null}
              onPick={(chosen) => {
                close();
                void navigate(paths.presetChat(chosen.id));
              }}
            />
          )}
        />
      )}
      preset={preset ? { id: preset.id, name: preset.name, starters: preset.starters } : null}
      headerControls={
        conversationId ? (
          <>
            <ConversationActions conversationId={conversationId} />
            <ChatSettingsDialog conversationId={conversationId} />
          </>
        ) : (
          <TemporaryChatSwitch on={false} />
        )
      }
      noModels={<NoModelsView selection={selection} isAdmin={isAdmin} />}
      banner={selection.gpuInfo ? <GpuStatusCard gpu={selection.gpuInfo} /> : null}
      collectionPicker={<CollectionPicker picker={collections} />}
      selectedCollections={collections.selected}
      renderSuggestions={(draft) => <CollectionSuggestions draft={draft} picker={collections} />}
      renderSourceViewer={(source, close) => (
        <DocumentViewer
          id={source?.id ?? null}
          passage={source ? { text: firstSnippet(source.snippet), page: source.page } : null}
          onClose={close}
        />
      )}
      advancedControls={<AdvancedRetrievalPopover options={advanced.options} onChange={advanced.setOptions} />}
      advancedRetrieval={advanced.options}
      compareModels={compareModels}
      onModelPicked={selection.select}
      webSearch={webSearch.on}
      webSearchControl={webSearch.available ? <WebSearchToggle on={webSearch.on} onChange={webSearch.setOn} /> : null}
    />
  );
}
