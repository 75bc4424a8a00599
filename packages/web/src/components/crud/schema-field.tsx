import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '@tegang/domain';
import { schemaRule } from '../rules';

/** A field schema of the domain (what maxLengthOf and schemaRule read). */
type FieldSchema = NonNullable<Parameters<typeof maxLengthOf>[0]>;
/** A domain object schema, e.g. `roleCreateSchema`: its fields under `shape`. */
export interface ObjectSchema {
  shape: Record<string, FieldSchema>;
}

/**
 * One form field read from a domain object schema. The label key is `label`, else
 * `field.<entity>.<name>`, else `field.<name>`; the rule is the schema field's own check (message
 * '{label}不能为空', '{label}不能超过{max}个字符' … with `ruleLabel`, default the label key) after any
 * `rules` given; the input's maxLength is the schema's .max() unless `maxLength` says otherwise.
 */
export interface SchemaFieldProps<S extends ObjectSchema> {
  schema: S;
  name: keyof S['shape'] & string;
  /** The entity of the label key `field.<entity>.<name>` (e.g. 'role'). */
  entity?: string;
  /** An explicit label key (e.g. 'field.comments'). */
  label?: string;
  /** The label key of the rule's messages when it differs from the shown label. */
  ruleLabel?: string;
  /** The asterisk; the emptiness check itself is the schema's. */
  required?: boolean;
  /** false: no schema rule (the schema has none worth running on the field, only its length). */
  check?: boolean;
  /** Rules run before the schema's (e.g. a screen's own "required" message). */
  rules?: Rule[];
  /** Input length limit for fields checked by a pattern (PHONE_LENGTH, USER_NAME_MAX …). */
  maxLength?: number;
  /** data-testid of the input (the e2e tests find fields by it). */
  testId?: string;
  /** More props of the input (autoComplete, inputMode …). */
  fieldProps?: Record<string, unknown>;
}

/** Label key, label, rules, maxLength and test id of a schema field (shared by the variants below). */
export function schemaFieldParts<S extends ObjectSchema>(props: SchemaFieldProps<S>) {
  const { schema, name, entity, check = true } = props;
  const labelKey = props.label ?? (entity ? `field.${entity}.${name}` : `field.${name}`);
  const field = schema.shape[name];
  const rules: Rule[] = [
    ...(props.rules ?? []),
    ...(check && field ? [schemaRule(field, props.ruleLabel ?? labelKey)] : []),
  ];
  const fieldProps: Record<string, unknown> = {
    maxLength: props.maxLength ?? maxLengthOf(field),
    ...(props.testId ? { 'data-testid': props.testId } : {}),
    ...props.fieldProps,
  };
  return { labelKey, rules, fieldProps };
}

/** The props of a ProForm text field (name, asterisk, translated label, rules, input props). */
function useProFieldProps<S extends ObjectSchema>(props: SchemaFieldProps<S>) {
  const { t } = useTranslation();
  const { labelKey, rules, fieldProps } = schemaFieldParts(props);
  return {
    name: props.name,
    required: props.required,
    label: t(labelKey),
    rules: rules.length ? rules : undefined,
    fieldProps,
  };
}

/** A one-line text field of a schema (ProFormText). */
export function SchemaTextField<S extends ObjectSchema>(props: SchemaFieldProps<S>) {
  const { fieldProps, ...rest } = useProFieldProps(props);
  return <ProFormText {...rest} fieldProps={fieldProps as object} />;
}

/** A password field of a schema (ProFormText.Password). */
export function SchemaPasswordField<S extends ObjectSchema>(props: SchemaFieldProps<S>) {
  const { fieldProps, ...rest } = useProFieldProps(props);
  return <ProFormText.Password {...rest} fieldProps={fieldProps as object} />;
}

/** A multi-line text field of a schema (ProFormTextArea), growing from `rows[0]` to `rows[1]` lines. */
export function SchemaTextArea<S extends ObjectSchema>(
  props: SchemaFieldProps<S> & { rows?: [min: number, max: number] },
) {
  const { fieldProps, ...rest } = useProFieldProps(props);
  const [minRows, maxRows] = props.rows ?? [2, 4];
  return <ProFormTextArea {...rest} fieldProps={{ ...fieldProps, autoSize: { minRows, maxRows } }} />;
}

/**
 * A Form.Item of a schema around any control (a select, a dictionary select, a cascader): label and
 * rules as above; the control keeps its own props (maxLength and testId do not apply).
 */
export function SchemaFormItem<S extends ObjectSchema>(
  props: Omit<SchemaFieldProps<S>, 'maxLength' | 'testId' | 'fieldProps'> & { children: ReactNode },
) {
  const { t } = useTranslation();
  const { labelKey, rules } = schemaFieldParts(props);
  return (
    <Form.Item name={props.name as string} required={props.required} label={t(labelKey)} rules={rules}>
      {props.children}
    </Form.Item>
  );
}
