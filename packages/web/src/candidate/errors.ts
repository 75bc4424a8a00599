import { message, type FormInstance } from 'antd';
import type { FieldError } from '@tegang/domain';
import { ApiError } from '../api/request';

/** Codes whose answer request() already handled (401 logout, 403) or that are silent (998). */
const HANDLED = new Set([401, 403, 998]);

/**
 * Shows a failed form call where it belongs (spec §8; DESIGN "Bad input gets a clear 400 with the
 * field"): each of data.errors [{field, label, message}] (and a 409's data.field) on its form field,
 * the rest as an error toast. `fieldOf` maps payload fields to form fields (cityCode → enrollCounty).
 * Returns true when at least one error landed on a field.
 */
export function showFormError(
  form: FormInstance | null,
  error: unknown,
  fieldOf: (field: string) => string | null = (f) => f,
  { toastToo = false }: { toastToo?: boolean } = {},
): boolean {
  if (!(error instanceof ApiError)) {
    message.error(String((error as Error)?.message ?? error));
    return false;
  }
  if (HANDLED.has(error.code)) return false;
  const data = (error.data ?? {}) as { errors?: FieldError[]; field?: string };
  const errors: FieldError[] =
    data.errors ?? (data.field ? [{ field: data.field, label: '', message: error.message }] : []);
  const known = new Set(form ? Object.keys(form.getFieldsValue() as object) : []);
  const placed: { name: string; errors: string[] }[] = [];
  const rest: string[] = [];
  for (const e of errors) {
    const name = fieldOf(e.field);
    if (form && name && known.has(name)) {
      const prior = placed.find((p) => p.name === name);
      if (prior) prior.errors.push(e.message);
      else placed.push({ name, errors: [e.message] });
    } else rest.push(e.label && !e.message.includes(e.label) ? `${e.label}：${e.message}` : e.message);
  }
  if (form && placed.length) {
    form.setFields(placed);
    form.scrollToField(placed[0].name, { block: 'center', behavior: 'smooth' });
  }
  if (rest.length) message.error(rest.join('；'));
  else if (!placed.length || toastToo) message.error(error.message);
  return placed.length > 0;
}
