import dayjs from 'dayjs';
import type { EnrollFormValues } from './enroll-form-values';

/**
 * The unsubmitted draft of the application form (issue 8): a reload must not lose 25 fields. The
 * values are kept in sessionStorage (this tab only, gone with it), one draft per plan and candidate;
 * an edit's draft remembers the enrolment it belongs to. Left out: the photo (a File cannot be
 * stored; the candidate chooses it again) and the name and ID number (always the account's).
 */

/** How long the form waits after a change before saving the draft. */
export const DRAFT_SAVE_DELAY_MS = 500;

const PREFIX = 'tegang.enrollDraft';

/** Whose draft: the plan, the candidate and, for an edit, the enrolment. */
export interface DraftOwner {
  planId: number;
  candidateId: number | string | null | undefined;
  /** The enrolment being edited; undefined for a new application. */
  enrollId?: number;
}

/** The stored draft: the form's values with the date as text. */
interface StoredDraft {
  enrollId: number | null;
  values: Record<string, unknown>;
}

/** Fields never kept in a draft. */
const NOT_KEPT = new Set<string>(['picture', 'name', 'idCard']);

const keyOf = (owner: DraftOwner) => `${PREFIX}.${owner.planId}.${owner.candidateId ?? 'anonymous'}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, policies): no draft, the form still works
  }
}

/** Saves the form's values as the draft of `owner` (without the photo, name and ID number). */
export function saveDraft(owner: DraftOwner, values: Partial<EnrollFormValues>): void {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (NOT_KEPT.has(key) || value === undefined || value === null || value === '') continue;
    kept[key] = key === 'graduationDate' && dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value;
  }
  const draft: StoredDraft = { enrollId: owner.enrollId ?? null, values: kept };
  try {
    storage()?.setItem(keyOf(owner), JSON.stringify(draft));
  } catch {
    // quota exceeded: the draft is a convenience, never an error
  }
}

/**
 * The draft of `owner` as form values, or null when there is none, it is unreadable or it belongs to
 * another enrolment (a new application's draft is not restored into an edit, and the other way round).
 */
export function loadDraft(owner: DraftOwner): Partial<EnrollFormValues> | null {
  const raw = storage()?.getItem(keyOf(owner));
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft;
    if ((draft.enrollId ?? null) !== (owner.enrollId ?? null) || typeof draft.values !== 'object')
      return null;
    const values: Record<string, unknown> = { ...draft.values };
    for (const key of NOT_KEPT) delete values[key];
    if (typeof values.graduationDate === 'string') {
      const date = dayjs(values.graduationDate);
      values.graduationDate = date.isValid() ? date : undefined;
    }
    return Object.keys(values).length ? (values as Partial<EnrollFormValues>) : null;
  } catch {
    return null;
  }
}

/** Removes the draft of `owner` (after a successful submit, or when the candidate discards it). */
export function clearDraft(owner: DraftOwner): void {
  storage()?.removeItem(keyOf(owner));
}
