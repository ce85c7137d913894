import type { AdvancedRetrievalOptions, Conversation, TaskContext, UsedDocument } from '@hearth/contract';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast-store';
import { paths } from '../../../config/paths';
import { useChatSession } from '../hooks/use-chat-session';
import { useCompare } from '../hooks/use-compare';
import { useComposerFiles } from '../hooks/use-composer-files';
import { useJumpToMessage } from '../hooks/use-jump-to-message';
import { usePreferences } from '../hooks/use-preferences';
import { useThreadEditing } from '../hooks/use-thread-editing';
import { checkSendGates, type ChatModelState } from '../lib/send-gates';
import { ChatHeader } from './chat-header';
import { CompareControl } from './compare-control';
import { ComparePanel } from './compare-panel';
import { Composer } from './composer';
import { type ChatPreset, EmptyState } from './empty-state';
import { MessageList } from './message-list';
import { ThreadUnavailable } from './thread-unavailable';
import { UseToolsToggle, useToolsChoice } from './use-tools-toggle';
import { safeWebUrl } from '../../web-search';

interface ChatScreenProps {
  conversationId: string | null;
  model: ChatModelState;
  signedIn: boolean;
  /** The model name, connection dot and badge, and selector; given what is being typed for recommendations. */
  renderModelHeader: (task: TaskContext) => ReactNode;
  /** Shown instead of the empty state when there is no model to talk to. */
  noModels: ReactNode;
  /** Status cards under the header (the GPU card). */
  banner?: ReactNode;
  /** The 'Search in:' collection picker shown above the input. */
  collectionPicker?: ReactNode;
  /** Collection ids the answers search; empty means all of them. */
  selectedCollections?: readonly string[];
  /** Collection suggestions for the message being typed (shown above the input). */
  renderSuggestions?: (draft: string) => ReactNode;
  /** The advanced retrieval button (a popover in the composer), shown only while collections are selected (spec §4). */
  advancedControls?: ReactNode;
  /** Sent with each message while collections are selected. */
  advancedRetrieval?: AdvancedRetrievalOptions;
  /** The document viewer for a source an answer cited (null when none is open). */
  renderSourceViewer?: (source: UsedDocument | null, close: () => void) => ReactNode;
  /** The preset a new chat starts from (issue 17): sent with the first message; its starters fill the empty chat. */
  preset?: ChatPreset | null;
  /** More header controls (the chat's own settings). */
  headerControls?: ReactNode;
  /** The chat models the user may use, for Compare (issue 17: one message to two or three models). */
  compareModels?: string[];
  /** An answer was picked from a comparison: the model picker shows its model from now on. */
  onModelPicked?: (model: string) => void;
  /** Search the web for the next answers (issue 20): sent as `web_search` while true. */
  webSearch?: boolean;
  /** The "Search the web" toggle, shown beside Attach when an admin enabled web search. */
  webSearchControl?: ReactNode;
}

/** The chat panel: header, thread (or empty state), and the input row with attachments. */
export function ChatScreen({
  conversationId,
  model,
  signedIn,
  renderModelHeader,
  noModels,
  banner,
  collectionPicker,
  selectedCollections,
  renderSuggestions,
  advancedControls,
  advancedRetrieval,
  renderSourceViewer,
  preset,
  headerControls,
  compareModels = [],
  onModelPicked,
  webSearch = false,
  webSearchControl,
}: ChatScreenProps) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState('');
  const files = useComposerFiles();
  const { preferences, change } = usePreferences();
  const [dragging, setDragging] = useState(false);
  const [openSource, setOpenSource] = useState<UsedDocument | null>(null);
  const closeSource = useCallback(() => setOpenSource(null), []);
  // A cited web result (issue 20) opens its page in a new tab; documents open in the viewer.
  const openCited = useCallback((source: UsedDocument) => {
    const href = safeWebUrl(source.url);
    if (href) window.open(href, '_blank', 'noopener,noreferrer');
    else if (source.url === undefined) setOpenSource(source);
  }, []);
  const scoped = (selectedCollections?.length ?? 0) > 0;
  const toolChoice = useToolsChoice(signedIn);

  const answerOptions = useCallback(
    () => ({
      model: model.selected ?? '',
      userPreferences: preferences,
      ...(selectedCollections?.length ? { selectedCollections: [...selectedCollections] } : {}),
      ...(selectedCollections?.length && advancedRetrieval ? { advancedRetrieval } : {}),
      ...(conversationId === null && preset ? { preset_id: preset.id } : {}),
      ...(webSearch ? { web_search: true } : {}),
      ...(toolChoice.on ? { tools: true } : {}),
    }),
    [
      model.selected,
      preferences,
      selectedCollections,
      advancedRetrieval,
      conversationId,
      preset,
      webSearch,
      toolChoice.on,
    ],
  );
  const onCreated = useCallback(
    (conversation: Conversation) => {
      // Only follow the new conversation if the user is still on the screen that started it.
      const here = window.location.pathname;
      if (here === paths.home || here === paths.dashboard)
        void navigate(paths.chat(conversation.id), { replace: true });
    },
    [navigate],
  );
  const session = useChatSession(conversationId, { answerOptions, onCreated, onDraftFailed: setText });
  // Compare: the models the next message goes to side by side (fewer than two: an ordinary send).
  const [compareWith, setCompareWith] = useState<string[]>([]);
  const compare = useCompare(conversationId, { answerOptions, onCreated, onPicked: onModelPicked });
  const busy = session.busy || compare.running;
  const stop = compare.running ? compare.stopAll : session.stop;
  const { dismissDraft } = session;
  const thread = useThreadEditing(conversationId, session.items, busy);
  const highlightId = useJumpToMessage(conversationId, session.items, session.messages);

  // Escape stops a streaming answer, like Stop; an open dialog, menu or list takes its own Escape first.
  useEffect(() => {
    if (!busy) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"],[role="alertdialog"],[role="menu"],[role="listbox"]')) return;
      stop();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [busy, stop]);

  // A New Chat (a fresh visit to the home screen) clears a failed draft left there.
  const visit = useRef(location.key);
  useEffect(() => {
    if (visit.current === location.key) return;
    visit.current = location.key;
    if (conversationId === null) dismissDraft();
  }, [location.key, conversationId, dismissDraft]);

  const taskContext = useMemo<TaskContext>(
    () => ({ message: text, hasImages: files.hasImages, hasDocuments: files.hasDocuments }),
    [text, files.hasImages, files.hasDocuments],
  );

  const gated = () => {
    const refusal = checkSendGates({ signedIn, model });
    if (refusal) toast({ ...refusal, variant: 'destructive' });
    return refusal !== null;
  };
  const send = () => {
    if (gated()) return;
    if (compare.comparison) {
      toast({ title: t('screen.pickFirstTitle'), description: t('screen.pickFirstDescription') });
      return;
    }
    if (compareWith.length >= 2) {
      if (files.files.length > 0) {
        toast({ title: t('screen.compareTextOnlyTitle'), description: t('screen.compareTextOnlyDescription') });
        return;
      }
      if (!text.trim()) return;
      compare.start(text, compareWith);
      setCompareWith([]);
      setText('');
      return;
    }
    const attachments = files.take();
    session.send(text, attachments);
    setText('');
  };
  const sendStarter = (starter: string) => {
    if (!gated()) session.send(starter, []);
  };
  const regenerate = () => {
    if (!gated()) session.regenerate();
  };
  const edit = (messageId: string, content: string) => {
    if (!gated()) session.edit(messageId, content);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    files.add([...event.dataTransfer.files]);
  };

  const loadingThread = conversationId !== null && session.messages.isPending;
  const missing = conversationId !== null && session.messages.isError && session.items.length === 0;
  const empty = session.items.length === 0;
  const showNoModels = empty && !loadingThread && model.ready && !model.selected;

  return (
    <div
      className="relative flex min-h-0 flex-1 flex-col"
      data-testid="chat-screen"
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={onDrop}
    >
      <ChatHeader
        modelHeader={renderModelHeader(taskContext)}
        preferences={preferences}
        onPreferencesChange={change}
        extra={headerControls}
      />
      {banner ? <div className="mx-auto w-full max-w-3xl px-4 pt-2">{banner}</div> : null}
      {compare.comparison ? (
        <ComparePanel
          comparison={compare.comparison}
          onStop={compare.stop}
          onPick={(slot) => void compare.pick(slot)}
          onClose={() => void compare.close()}
        />
      ) : loadingThread ? (
        <PageSpinner />
      ) : missing ? (
        <ThreadUnavailable />
      ) : showNoModels ? (
        <div className="flex flex-1 items-center justify-center overflow-y-auto">{noModels}</div>
      ) : empty ? (
        <EmptyState onPick={setText} preset={preset ?? null} onStarter={sendStarter} />
      ) : (
        <MessageList
          key={conversationId ?? 'draft'}
          items={session.items}
          busy={session.busy}
          hasOlder={session.messages.hasPreviousPage}
          loadingOlder={session.messages.isFetchingPreviousPage}
          onLoadOlder={() => void session.messages.fetchPreviousPage()}
          onRegenerate={regenerate}
          onEdit={edit}
          onOpenSource={renderSourceViewer ? openCited : undefined}
          editingId={thread.editingId}
          onEditingChange={thread.setEditingId}
          onSwitchBranch={thread.switchBranch}
          switching={thread.switching}
          highlightId={highlightId}
        />
      )}
      {renderSuggestions ? <div className="mx-auto w-full max-w-3xl px-4">{renderSuggestions(text)}</div> : null}
      {collectionPicker ? <div className="mx-auto w-full max-w-3xl px-4 pb-1">{collectionPicker}</div> : null}
      {compareModels.length >= 2 ? (
        <div className="mx-auto w-full max-w-3xl px-4 pb-1">
          <CompareControl
            models={compareModels}
            chosen={compareWith}
            onChange={setCompareWith}
            current={model.selected}
            disabled={busy}
          />
        </div>
      ) : null}
      <Composer
        text={text}
        onTextChange={setText}
        files={files}
        busy={busy}
        stopping={session.stopping}
        onSend={send}
        onStop={stop}
        tools={
          <>
            {scoped ? advancedControls : null}
            {webSearchControl}
            <UseToolsToggle choice={toolChoice} />
          </>
        }
        onEditLast={thread.editLast}
      />
      {renderSourceViewer ? renderSourceViewer(openSource, closeSource) : null}
      {dragging ? (
        <div className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-2xl border-2 border-dashed border-primary bg-background/80 text-sm font-medium">
          {t('screen.dropFiles')}
        </div>
      ) : null}
    </div>
  );
}
