import type { FormInstance } from 'antd';
import type { FieldError } from '@tegang/domain';
import { ApiError } from '../../api/request';

/** A message for a form field: `name` is the form's field name (a path for nested fields). */
export interface FormFieldIssue {
  name: string | (string | number)[];
  message: string;
}

/** The field errors of a 400 answer (DESIGN "Bad input": data.errors [{field, label, message}]). */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError) || error.code !== 400) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is FieldError => typeof e?.field === 'string' && typeof e?.message === 'string')
    : [];
}

/**
 * Marks the form fields named by a server's 400 answer. `fieldName` maps a payload field to the form's
 * field (e.g. both ends of a range to the range picker); errors on fields the form lacks are left to
 * the toast. Returns true when at least one field was marked.
 */
export function applyServerErrors(
  form: FormInstance,
  error: unknown,
  fieldName: (field: string) => FormFieldIssue['name'] | null = (f) => f,
): boolean {
  const issues: FormFieldIssue[] = [];
  for (const e of fieldErrorsOf(error)) {
    const name = fieldName(e.field);
    if (name !== null) issues.push({ name, message: e.message });
  }
  return applyIssues(form, issues);
}

/** Shows messages on form fields (several on one field are joined); only fields the form has. */
export function applyIssues(form: FormInstance, issues: FormFieldIssue[]): boolean {
  const byField = new Map<string, { name: FormFieldIssue['name']; errors: string[] }>();
  for (const issue of issues) {
    const key = JSON.stringify(issue.name);
    const entry = byField.get(key) ?? { name: issue.name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  const registered = new Set(form.getFieldsError().map((f) => JSON.stringify(f.name)));
  const fields = [...byField.values()].filter((f) =>
    registered.has(JSON.stringify(Array.isArray(f.name) ? f.name : [f.name])),
  );
  form.setFields(fields);
  if (fields.length) form.scrollToField(fields[0]!.name, { block: 'center' });
  return fields.length > 0;
}
