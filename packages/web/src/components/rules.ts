import type { Rule } from 'antd/es/form';
import { isEmpty, validate, type Lang, type MessageKey } from '@tegang/domain';
import i18n from '../i18n';

/**
 * antd form rules made from the domain's checks (one rule, one place: packages/domain/src/rules.ts).
 * Without `trigger` a rule runs on the Form.Item's own triggers and on submit.
 */
export function ruleOf(check: (value: unknown) => MessageKey | null, trigger?: 'onBlur' | 'onChange'): Rule {
  return {
    ...(trigger ? { validateTrigger: trigger } : {}),
    validator: (_rule, value) => {
      const key = check(value);
      return key ? Promise.reject(new Error(i18n.t(key))) : Promise.resolve();
    },
  };
}

/** '{label}不能为空' (spec §5) or a given message key, for a required field. */
export function required(labelKey: string, messageKey: MessageKey = 'rule.required'): Rule {
  return {
    validator: (_rule, value) =>
      isEmpty(value)
        ? Promise.reject(new Error(i18n.t(messageKey, { label: i18n.t(labelKey) })))
        : Promise.resolve(),
  };
}

type Schema = Parameters<typeof validate>[0];

/**
 * An antd rule from a field of a domain schema (packages/domain/src/system.ts …): the same check and
 * message as the server's 400 answer, `{label}` being `labelKey`.
 */
export function schemaRule(schema: Schema, labelKey: string): Rule {
  return {
    validator: (_rule, value) => {
      const result = validate(schema, value === null || value === '' ? undefined : value, langOf(), {
        '': labelKey as MessageKey,
      });
      return result.ok ? Promise.resolve() : Promise.reject(new Error(result.errors[0]!.message));
    },
  };
}

const langOf = (): Lang => (i18n.language === 'en' ? 'en' : 'zh');
