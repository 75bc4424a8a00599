import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormInstance } from 'antd';
import {
  DRAFT_SAVE_DELAY_MS,
  clearDraft,
  loadDraft,
  saveDraft,
  savePhotoDraft,
  type DraftOwner,
} from './enroll-draft';
import type { EnrollFormValues } from './enroll-form-values';
import { useLeaveGuard } from './use-leave-guard';

/** What {@link useEnrollDraft} gives the application form. */
export interface EnrollDraft {
  /** The draft found when the form opened (null once discarded or when none was kept). */
  draft: Partial<EnrollFormValues> | null;
  /** The form's initial values: the stored values with the draft over them. */
  initialValues: Partial<EnrollFormValues>;
  /** A value changed: the photo is kept at once, the rest after DRAFT_SAVE_DELAY_MS of quiet. */
  changed: (changed: Partial<EnrollFormValues>) => void;
  /** The draft thrown away: the form back to the stored values. */
  discard: () => void;
  /** Submitted (or of no more use): the draft removed and leaving asks nothing. */
  done: () => void;
}

/**
 * The application form's draft (spec §2 enrolment form; enroll-draft.ts keeps it in sessionStorage):
 * read once when the form opens, saved a moment after each change and when the page is left, and
 * leaving a changed form asks first (useLeaveGuard). `baseValues` are the values without a draft.
 */
export function useEnrollDraft(
  form: FormInstance<EnrollFormValues>,
  owner: DraftOwner,
  baseValues: Partial<EnrollFormValues>,
): EnrollDraft {
  // The draft is read once, when the form opens (the form's initial values are not applied again).
  const [draft, setDraft] = useState(() => loadDraft(owner));
  const initialValues = useMemo<Partial<EnrollFormValues>>(
    () => (draft ? { ...baseValues, ...draft } : baseValues),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the draft found on opening counts
    [baseValues],
  );

  /** Changed since opening (or restored from a draft) and not submitted yet. */
  const dirty = useRef(draft !== null);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushDraft = useCallback(() => {
    if (pending.current === undefined) return;
    clearTimeout(pending.current);
    pending.current = undefined;
    if (dirty.current) saveDraft(owner, form.getFieldsValue(true) as Partial<EnrollFormValues>);
  }, [owner, form]);
  useEffect(() => flushDraft, [flushDraft]); // leaving the page saves a change still waiting
  useLeaveGuard(dirty, flushDraft);

  const done = () => {
    clearTimeout(pending.current);
    pending.current = undefined;
    clearDraft(owner);
    dirty.current = false;
  };
  const discard = () => {
    done();
    const cleared = Object.fromEntries(Object.keys(draft ?? {}).map((k) => [k, undefined]));
    form.setFieldsValue({ ...cleared, ...baseValues } as Partial<EnrollFormValues>);
    setDraft(null);
  };
  const changed = (values: Partial<EnrollFormValues>) => {
    dirty.current = true;
    // The photo is read (and downscaled when large) once, when chosen, not with every keystroke.
    if ('picture' in values) void savePhotoDraft(owner, values.picture?.file);
    clearTimeout(pending.current);
    pending.current = setTimeout(flushDraft, DRAFT_SAVE_DELAY_MS);
  };
  return { draft, initialValues, changed, discard, done };
}
