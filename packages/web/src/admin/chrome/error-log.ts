import { CST_OFFSET_MS } from '@tegang/domain';
import { createStore, readJson, useStore } from '../../components/store';

/** A local error log entry (spec §3): type, message, stack, info, url, time; kept in localStorage. */
export interface ErrorLogEntry {
  type: string;
  message: string;
  stack: string;
  info: string;
  url: string;
  time: string;
}

export const ERROR_LOG_KEY = 'tegang-error-log';
/** The log keeps the newest entries only, so storage cannot fill up. */
const MAX_ENTRIES = 200;

export const errorLogStore = createStore<ErrorLogEntry[]>(readJson(localStorage, ERROR_LOG_KEY, []), (v) => {
  try {
    localStorage.setItem(ERROR_LOG_KEY, JSON.stringify(v));
  } catch {
    /* storage full or unavailable: the log stays in memory */
  }
});

export const useErrorLog = () => useStore(errorLogStore);

/** 'YYYY-MM-DD HH:mm:ss' in China Standard Time, whatever the browser's zone (the programme's clock). */
export function cstNow(at: number = Date.now()): string {
  return new Date(at + CST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A readable message of anything thrown: an Error's message, a string, or an object as JSON. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    if ('message' in error && typeof error.message === 'string') return error.message;
    try {
      return JSON.stringify(error).slice(0, 500);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

/** antd's rejected validateFields ({ errorFields }): the form shows those errors already. */
function isFormValidation(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && 'errorFields' in reason;
}

/** Adds an uncaught error to the local log, its time in China Standard Time. */
export function logError(error: unknown, info = '', type = 'error'): void {
  const e = error instanceof Error ? error : null;
  const entry: ErrorLogEntry = {
    type,
    message: messageOf(error),
    stack: e?.stack ?? '',
    info,
    url: window.location.href,
    time: cstNow(),
  };
  errorLogStore.set([entry, ...errorLogStore.get()].slice(0, MAX_ENTRIES));
}

export function clearErrorLog(): void {
  errorLogStore.set([]);
}

let installed = false;
/** window.onerror and unhandledrejection go into the log (spec §8 "Uncaught UI errors"). */
export function installErrorLog(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Resource load errors (img, script) carry no error object; ignore them.
    if (!event.error && !event.message) return;
    logError(event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    // Failed API calls are shown to the user already; they are not UI errors.
    if (reason && typeof reason === 'object' && 'code' in reason && typeof reason.code === 'number') return;
    if (isFormValidation(reason)) return;
    logError(reason, 'unhandledrejection');
  });
}
