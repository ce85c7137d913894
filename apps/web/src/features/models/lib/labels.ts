import { TASK_TYPES, type TaskType } from '@hearth/contract';

export const TASK_LABELS = Object.fromEntries(
  Object.entries(TASK_TYPES).map(([task, info]) => [task, info.label]),
) as Record<TaskType, string>;

export const taskLabel = (task: TaskType | null): string => (task ? TASK_LABELS[task] : 'General chat');

/** 0.9 → "90%". */
export const percent = (confidence: number): string => `${Math.round(confidence * 100)}%`;
