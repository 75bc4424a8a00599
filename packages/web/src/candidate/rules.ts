import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { checkConfirmPassword, isEmpty, type MessageKey } from '@tegang/domain';
import i18n from '../i18n';
import type { CandidateStringKey } from './strings';

/**
 * Form rules of the candidate pages that the shared ones (components/rules.ts) do not cover. The
 * checks are the domain's; only the wiring to antd is here.
 */

/**
 * A domain check as an antd rule that runs on the field's own triggers (the Form.Item's
 * validateTrigger) and on submit. Unlike components/rules.ts ruleOf, whose rule-level trigger
 * ('blur') never equals antd's trigger names ('onBlur'), so it only runs on submit.
 */
export function checkRule(check: (value: unknown) => MessageKey | null): Rule {
  return {
    validator: (_rule, value) => {
      const key = check(value);
      return key ? Promise.reject(new Error(i18n.t(key))) : Promise.resolve();
    },
  };
}

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
