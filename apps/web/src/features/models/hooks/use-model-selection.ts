import { selectDefaultModel } from '@hearth/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useInstanceDefaults } from '../api/instance-defaults';
import { useModels } from '../api/get-models';
import { useOllamaStatus } from '../api/get-ollama-status';
import { useSystemMode } from '../api/get-system-mode';
import { invalidateModelQueries } from '../api/invalidate';
import { deriveConnection, type ConnectionState } from '../lib/connection';
import { saveSelectedModel, useSavedModel } from '../lib/selected-model-store';

const RECHECK_MS = 15_000;

export interface ModelSelection extends ConnectionState {
  /** The model chat sends to: the saved one if still installed, else the spec's auto-pick. */
  selected: string | null;
  /**
   * The model the user chose (or was last using) when it is no longer offered: its runtime went down or it was
   * removed. The header shows it as unavailable, with Retry, instead of quietly keeping it selected.
   */
  unavailable: string | null;
  select: (name: string) => void;
  retry: () => Promise<void>;
  isRefreshing: boolean;
  gpuInfo: { name: string; vram_total_mb: number | null; vram_used_mb: number | null } | null;
}

/** `chatModel`: the model the open chat remembers (issue 17), which wins while it is installed. */
export function useModelSelection(chatModel: string | null = null): ModelSelection {
  const queryClient = useQueryClient();
  // Re-checked every 15 s while the chat is open, so a runtime that goes down is noticed without a send.
  const status = useOllamaStatus(RECHECK_MS);
  const mode = useSystemMode();
  const models = useModels(RECHECK_MS);
  const saved = useSavedModel();

  const connection = deriveConnection({
    status: status.data,
    statusFailed: status.isError,
    mode: mode.data,
    modeSettled: !mode.isPending,
    models: models.data?.models,
    modelsFailed: models.isError,
  });
  const modeName = mode.data?.mode ?? null;
  // The admin's default model (system settings) stands in while the user's own pick is missing or uninstalled.
  const instanceDefault = useInstanceDefaults().data?.default_model ?? null;
  const installed = (name: string | null) => name !== null && connection.models.some((model) => model.name === name);
  const fallback = installed(saved) ? saved : (instanceDefault ?? saved);
  const preferred = installed(chatModel) ? chatModel : fallback;
  const selected = useMemo(
    () => selectDefaultModel(connection.models, { saved: preferred, mode: modeName }),
    [connection.models, preferred, modeName],
  );
  // The last model in use, remembered so it can be named when it disappears (adjusted during render, React's
  // pattern for state derived from a changing value).
  const [lastSelected, setLastSelected] = useState<string | null>(null);
  if (selected !== null && selected !== lastSelected) setLastSelected(selected);
  const wanted = saved ?? lastSelected;
  const unavailable =
    connection.ready && wanted !== null && !connection.models.some((model) => model.name === wanted) ? wanted : null;
  const retry = useCallback(() => invalidateModelQueries(queryClient), [queryClient]);

  return {
    ...connection,
    selected,
    unavailable,
    select: saveSelectedModel,
    retry,
    isRefreshing: status.isFetching || models.isFetching,
    gpuInfo: connection.badge === 'gpu' ? (mode.data?.gpu_info ?? null) : null,
  };
}
