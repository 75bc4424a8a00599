import { message, type FormInstance } from 'antd';
import { ApiError } from '../api/request';
import { fieldErrorsOf, placeFieldErrors } from '../components/form-errors';

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
  const known = new Set(form ? Object.keys(form.getFieldsValue() as object) : []);
  const { fields, rest } = placeFieldErrors(
    fieldErrorsOf(error, { conflictField: true }),
    (name) => form !== null && known.has(name as string),
    fieldOf,
  );
  if (form && fields.length) {
    form.setFields(fields);
    form.scrollToField(fields[0]!.name, { block: 'center', behavior: 'smooth' });
  }
  if (rest.length) message.error(rest.join('；'));
  else if (!fields.length || toastToo) message.error(error.message);
  return fields.length > 0;
}
