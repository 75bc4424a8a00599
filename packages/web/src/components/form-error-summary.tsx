import { Alert, type FormInstance } from 'antd';
import { fieldIdOf, focusField, type FieldInError } from './form-errors';

/**
 * The list of a form's fields in error, kept at the top of the form until they are fixed (a
 * 3-second toast was all a failed submit showed). Each entry is a link that scrolls to its
 * field and focuses it. `labelOf` names a field; renders nothing for an empty list. Test ids:
 * `${testId}` on the alert, `${testId}-${field id}` on each link.
 */
export function FormErrorSummary({
  form,
  errors,
  labelOf,
  title,
  testId,
}: {
  form: FormInstance;
  errors: FieldInError[];
  labelOf: (name: FieldInError['name']) => string;
  title: string;
  testId: string;
}) {
  if (!errors.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid={testId}
      message={title}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {errors.map((e) => {
            const id = fieldIdOf(e.name);
            return (
              <li key={id}>
                <a
                  href={`#${id}`}
                  data-testid={`${testId}-${id}`}
                  style={{ display: 'inline-block', padding: '4px 0' }}
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(form, e.name);
                  }}
                >
                  {labelOf(e.name)}
                </a>
                <span style={{ marginInlineStart: 8 }}>{e.message}</span>
              </li>
            );
          })}
        </ul>
      }
    />
  );
}
