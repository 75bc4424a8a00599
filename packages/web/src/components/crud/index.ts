export { ACTION_STYLE, CrudTable, DIALOG_WIDTH, RowButton } from './crud-table';
export { useActions, type ActionOptions, type Actions, type ConfirmOptions } from './confirm-action';
export { crudStrings } from './strings';
export { TreeSelectField, type TreeSelectNode } from './fields';
export { PermissionsProvider, useCan } from './permissions';
export { applyIssues, applyServerErrors, fieldErrorsOf, type FormFieldIssue } from '../form-errors';
export { allPages } from './query';
export { filterTree, findNode, pruneChildren, siblingsOf } from './tree';
export { useDictEnum, useOptionsEnum, yesNoEnum, type ValueEnum } from './value-enum';
export type * from './types';
export {
  SchemaFormItem,
  SchemaPasswordField,
  SchemaTextArea,
  SchemaTextField,
  schemaFieldParts,
  type ObjectSchema,
  type SchemaFieldProps,
} from './schema-field';
