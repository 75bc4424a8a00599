export { ACTION_STYLE, CrudTable, DIALOG_WIDTH } from './crud-table';
export { PermissionsProvider, useCan } from './permissions';
export { applyIssues, applyServerErrors, fieldErrorsOf, type FormFieldIssue } from './field-errors';
export { useDictEnum, useOptionsEnum, yesNoEnum, type ValueEnum } from './value-enum';
export type * from './types';
