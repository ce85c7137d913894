import { i18n } from './i18n';

export const NETWORK_ERROR_MESSAGE =
  'Network error: Unable to connect to the server. Please check your internet connection and try again.';

interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

/** Every failed API call becomes one of these; status 0 means the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor({ status, code, message, details }: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** 4xx answers are the caller's problem: retrying will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * The message of an API error in the current language: in English the server's own (it is the most precise), in
 * another language the `errors` namespace's text for its code when there is one, else the server's message.
 */
export function translateApiError(error: ApiError): string {
  const key = `errors:${error.code}`;
  if ((i18n.resolvedLanguage ?? 'en') === 'en' || !i18n.exists(key)) return error.message;
  return i18n.t(key);
}

/** A message fit for a toast: the server's (or the network one) for API errors, a generic one otherwise. */
export const errorMessage = (error: unknown): string =>
  isApiError(error) ? translateApiError(error) : i18n.t('errors:unexpected');
