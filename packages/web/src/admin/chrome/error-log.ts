import { createStore, readJson, useStore } from './store';

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

function pad(n: number) {
  return String(n).padStart(2, '0');
}
function now(): string {
  const d = new Date();
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Adds an uncaught error to the local log. */
export function logError(error: unknown, info = '', type = 'error'): void {
  const e = error instanceof Error ? error : null;
  const entry: ErrorLogEntry = {
    type,
    message: e ? e.message : String(error),
    stack: e?.stack ?? '',
    info,
    url: window.location.href,
    time: now(),
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
    logError(reason, 'unhandledrejection');
  });
}
