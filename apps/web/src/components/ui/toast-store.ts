export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes by itself. */
  duration?: number;
  /** One button on the toast (e.g. Undo); pressing it closes the toast. */
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number;
  description?: string;
  action?: { label: string; onClick: () => void };
}

export const DEFAULT_TOAST_DURATION = 5000;

type Listener = () => void;

let current: ToastItem | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

const emit = (): void => listeners.forEach((listener) => listener());

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/** Shows a toast. Only one is visible at a time: a new toast replaces the previous one. */
export function toast({
  title,
  description,
  variant = 'default',
  duration = DEFAULT_TOAST_DURATION,
  action,
}: ToastInput): number {
  clearTimeout(timer);
  const id = nextId++;
  current = { id, title, description, variant, duration, action };
  timer = setTimeout(() => dismissToast(id), duration);
  emit();
  return id;
}

export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getCurrentToast = (): ToastItem | null => current;
