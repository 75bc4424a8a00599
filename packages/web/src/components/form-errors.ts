import type { FormInstance } from 'antd';
import type { FieldError } from '@tegang/domain';
import { ApiError } from '../api/request';

/**
 * Server field errors onto antd form fields, for both sides (DESIGN "Bad input gets a clear 400 with
 * the field": data.errors [{field, label, message}]). The back office's CRUD dialogs and the candidate
 * pages both go through here.
 */

/** A message for a form field: `name` is the form's field name (a path for nested fields). */
export interface FormFieldIssue {
  name: string | (string | number)[];
  message: string;
}

/**
 * The field errors of a failed call: a 400's data.errors; with `conflictField`, also a 409's
 * data.field (a taken user name or phone) with the answer's message.
 */
export function fieldErrorsOf(error: unknown, { conflictField = false } = {}): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const data = (error.data ?? null) as { errors?: unknown; field?: unknown } | null;
  if (error.code === 400 && Array.isArray(data?.errors))
    return data.errors.filter(
      (e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string',
    );
  if (conflictField && error.code === 409 && typeof data?.field === 'string')
    return [{ field: data.field, label: '', message: error.message }];
  return [];
}

/**
 * Splits field errors into messages per form field (only fields in `known`, several on one field
 * joined, repeats dropped) and the rest, each as one line ('label：message' unless the message names
 * the label already). `fieldName` maps a payload field to the form's field (null: not on the form).
 */
export function placeFieldErrors(
  errors: FieldError[],
  known: (name: FormFieldIssue['name']) => boolean,
  fieldName: (field: string) => FormFieldIssue['name'] | null = (f) => f,
): { fields: { name: FormFieldIssue['name']; errors: string[] }[]; rest: string[] } {
  const byField = new Map<string, { name: FormFieldIssue['name']; errors: string[] }>();
  const rest: string[] = [];
  for (const e of errors) {
    const name = fieldName(e.field);
    if (name !== null && known(name)) {
      const key = JSON.stringify(Array.isArray(name) ? name : [name]);
      const entry = byField.get(key) ?? { name, errors: [] };
      if (!entry.errors.includes(e.message)) entry.errors.push(e.message);
      byField.set(key, entry);
    } else rest.push(e.label && !e.message.includes(e.label) ? `${e.label}：${e.message}` : e.message);
  }
  return { fields: [...byField.values()], rest };
}

/** Whether the form has a field of that name (registered Form.Item). */
function registeredIn(form: FormInstance): (name: FormFieldIssue['name']) => boolean {
  const registered = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name)));
  return (name) => registered.has(JSON.stringify(Array.isArray(name) ? name : [name]));
}

/** Shows messages on form fields (several on one field are joined); only fields the form has. */
export function applyIssues(form: FormInstance, issues: FormFieldIssue[]): boolean {
  const { fields } = placeFieldErrors(
    issues.map((i) => ({ field: JSON.stringify(i.name), label: '', message: i.message })),
    registeredIn(form),
    (key) => JSON.parse(key) as FormFieldIssue['name'],
  );
  form.setFields(fields);
  if (fields.length) form.scrollToField(fields[0]!.name, { block: 'center' });
  return fields.length > 0;
}

/**
 * Marks the form fields named by a server's 400 answer; errors on fields the form lacks are left to
 * the caller's toast. Returns true when at least one field was marked.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  fieldName: (field: string) => FormFieldIssue['name'] | null = (f) => f,
): boolean {
  const { fields } = placeFieldErrors(fieldErrorsOf(error), registeredIn(form), fieldName);
  form.setFields(fields);
  if (fields.length) form.scrollToField(fields[0]!.name, { block: 'center' });
  return fields.length > 0;
}

/** A field showing an error: its form name and its first message. */
export interface FieldInError {
  name: FormFieldIssue['name'];
  message: string;
}

/**
 * The fields of `form` that show an error now, in the form's order (top to bottom as rendered): for
 * the error summary of a long form (the error may be 1,700 px away from the button).
 */
export function fieldsInError(form: FormInstance): FieldInError[] {
  return form
    .getFieldsError()
    .filter((f) => f.errors.length > 0)
    .map((f) => ({
      name: f.name.length === 1 ? (f.name[0] as string | number).toString() : f.name,
      message: f.errors[0]!,
    }));
}

/** The DOM id antd gives a field of a form without a `name` (the path joined with "_"). */
export function fieldIdOf(name: FormFieldIssue['name']): string {
  return (Array.isArray(name) ? name : [name]).join('_');
}

const FOCUSABLE =
  'input:not([type=hidden]):not([disabled]), textarea, select, button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Scrolls `name` to the middle of the screen and moves the keyboard focus into it (WCAG 3.3.1: the
 * error is where the user is). A field whose control carries no id (the photo upload) gets the first
 * focusable element of its form item.
 */
export function focusField(form: FormInstance, name: FormFieldIssue['name']): void {
  form.scrollToField(name, { block: 'center', behavior: 'smooth', focus: true });
  const id = fieldIdOf(name);
  const item =
    document.getElementById(id)?.closest('.ant-form-item') ??
    document.querySelector(`label[for="${CSS.escape(id)}"]`)?.closest('.ant-form-item');
  if (!item || item.contains(document.activeElement)) return;
  item.querySelector<HTMLElement>(FOCUSABLE)?.focus();
}
