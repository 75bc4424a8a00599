import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { checkConfirmPassword, isEmpty, type MessageKey } from '@tegang/domain';
import i18n from '../i18n';
export { ruleOf } from '../components/rules';
import type { CandidateStringKey } from './strings';

/**
 * Form rules of the candidate pages that the shared ones (components/rules.ts) do not cover. The
 * checks are the domain's; only the wiring to antd is here.
 */

/** Required, with a message of its own (not '{label}不能为空'). */
export function requiredMessage(key: CandidateStringKey | MessageKey): Rule {
  return {
    validator: (_rule, value) =>
      isEmpty(value) ? Promise.reject(new Error(i18n.t(key))) : Promise.resolve(),
  };
}

/** Spec §5: the confirmation is required and equals the field `passwordField`. */
export function confirmPasswordRule(passwordField: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_rule, value) => {
      const key = checkConfirmPassword(value, getFieldValue(passwordField));
      return key ? Promise.reject(new Error(i18n.t(key))) : Promise.resolve();
    },
  });
}

/**
 * "Reward early, punish late": fields validate on blur, but a field that shows an error is checked
 * again on every change, so the error goes away as soon as the value is fixed. Use as (or inside)
 * a Form's onValuesChange.
 */
export function revalidateErrored(form: FormInstance, changed: object): void {
  const names = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
  if (names.length) form.validateFields(names).catch(() => undefined);
}
