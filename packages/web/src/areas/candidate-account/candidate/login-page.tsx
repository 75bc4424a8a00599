import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_LIMITS, checkLoginField, type LoginField } from '@tegang/domain';
import { captchaRequired, getCaptcha, login, type Captcha } from '../api';
import { ApiError } from '../../../api/request';
import { fieldErrorsOf, placeFieldErrors } from '../../../components/form-errors';
import { toast } from '../../../components/toast';
import { AuthCard } from '../../../candidate/components/auth-card';
import { SvgIcon, type IconDefinition } from '../../../candidate/components/svg-icon';
import { usePageTitle } from '../../../candidate/hooks';
import { startSession } from '../../../candidate/session';
import type { CandidateStringKey } from '../../../candidate/strings';

type Values = Record<LoginField, string>;
/** A field's error: a message key (translated when shown, so it follows the language) or the server's text. */
type FieldError = { key: string; params?: Record<string, string | number> } | { text: string };
type Errors = Partial<Record<LoginField, FieldError>>;

/** The page's own wording of the domain's 'rule.required' per field. */
const REQUIRED: Record<LoginField, CandidateStringKey | 'rule.captcha.required'> = {
  userName: 'web.login.account.required',
  password: 'web.login.password.required',
  captcha: 'rule.captcha.required',
};
const LABEL: Record<LoginField, string> = {
  userName: 'web.login.account',
  password: 'field.password',
  captcha: 'field.captcha',
};
/** Codes whose answer the HTTP client already handled (401 logout, 403) or that are silent (998). */
const HANDLED = new Set([401, 403, 998]);

/** The first rule of the domain's login rules (login-rules.ts) that `value` breaks, as shown. */
function check(field: LoginField, value: string, captchaShown: boolean): FieldError | undefined {
  const key = checkLoginField(field, value, captchaShown);
  if (!key) return undefined;
  if (key === 'rule.required') return { key: REQUIRED[field] };
  return { key, params: { label: LABEL[field], max: LOGIN_LIMITS[field] } };
}

/**
 * The field errors of a failed login, keyed by field (null when none is for the page to show: an
 * answer the HTTP client handled); what belongs to no field shown here as a toast.
 */
function serverErrors(error: unknown, captchaShown: boolean): Errors | null {
  if (!(error instanceof ApiError)) {
    toast('error', String((error as Error)?.message ?? error));
    return null;
  }
  if (HANDLED.has(error.code)) return null;
  const known = new Set<string>(
    captchaShown ? ['userName', 'password', 'captcha'] : ['userName', 'password'],
  );
  const { fields, rest } = placeFieldErrors(fieldErrorsOf(error, { conflictField: true }), (name) =>
    known.has(name as string),
  );
  const found: Errors = {};
  for (const f of fields) found[f.name as LoginField] = { text: f.errors.join('；') };
  if (rest.length) toast('error', rest.join('；'));
  else if (!fields.length) toast('error', error.message);
  return found;
}

/**
 * A labelled input with its icon, its error under it (announced, and named by aria-describedby);
 * `after` goes inside the password box (the eye) or beside the captcha box (the image).
 */
function LoginInput(props: {
  name: LoginField;
  label: string;
  input: { type?: string; autoComplete: string; maxLength?: number };
  after?: ReactNode;
  value: string;
  error: string | null;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (value: string) => void;
  onBlur: (value: string) => void;
}) {
  const { name, label, input, after, error } = props;
  return (
    <div className={error ? 'tg-field tg-field-error' : 'tg-field'}>
      <label className="tg-field-label" htmlFor={name}>
        {label}
      </label>
      <div className={name === 'captcha' ? 'tg-captcha-row' : undefined}>
        <div className="tg-input">
          <SvgIcon icon={ICONS[name]} />
          <input
            id={name}
            name={name}
            ref={props.inputRef}
            type={input.type ?? 'text'}
            autoComplete={input.autoComplete}
            maxLength={input.maxLength}
            placeholder={label}
            value={props.value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${name}-error` : undefined}
            onChange={(e) => props.onChange(e.target.value)}
            onBlur={(e) => props.onBlur(e.target.value)}
          />
          {name === 'password' ? after : null}
        </div>
        {name === 'captcha' ? after : null}
      </div>
      <div id={`${name}-error`} className="tg-error" role="alert">
        {error}
      </div>
    </div>
  );
}

/** The captcha image: click to fetch another; a spinner while it loads. */
function CaptchaRefresh(props: { captcha: Captcha; loading: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="tg-captcha-button"
      onClick={props.onRefresh}
      title={t('web.login.captcha.refresh')}
      aria-label={t('web.login.captcha.refresh')}
      data-testid="captcha-refresh"
    >
      {props.loading ? (
        <span className="tg-spinner" aria-hidden="true" style={{ display: 'inline-block' }} />
      ) : (
        <img src={props.captcha.img} alt={t('field.captcha')} data-testid="captcha-img" />
      )}
    </button>
  );
}

/**
 * /web/login: user name or phone, password, and the image captcha when the server has it on, or
 * when a login answered data.captchaRequired (two failures of the account, captchas off): from then
 * on the page fetches a forced captcha.
 *
 * The first page a phone loads, so it is drawn from plain elements and open.css rather than antd's
 * Form (docs/decisions.md "A login page without antd"), with the same behaviour: the domain's login
 * rules checked on submit, on leaving a field and, once a field shows an error, on every change
 * ("reward early, punish late"); the server's field errors under their fields, the rest as a toast;
 * a failed submit focuses the first field in error.
 */
export default function Login() {
  const { t } = useTranslation();
  usePageTitle(t('web.login.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as { from?: string; userName?: string };
  const [values, setValues] = useState<Values>({ userName: state.userName ?? '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(true);
  const [submitting, setSubmitting] = useState(false);
  /** The server asked for a captcha although captchas are off. */
  const [forced, setForced] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const captchaShown = Boolean(captcha?.enabled);

  const refreshCaptcha = async (force = forced) => {
    setCaptchaLoading(true);
    try {
      setCaptcha(await getCaptcha(force));
      setValues((v) => ({ ...v, captcha: '' }));
    } catch {
      setCaptcha(null);
    } finally {
      setCaptchaLoading(false);
    }
  };
  useEffect(() => {
    void refreshCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on opening the page
  }, []);

  const setError = (field: LoginField, error: FieldError | undefined) =>
    setErrors((e) => ({ ...e, [field]: error }));
  const change = (field: LoginField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setError(field, check(field, value, captchaShown));
  };
  const focusFirst = (found: Errors) => {
    const first = (['userName', 'password', 'captcha'] as const).find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  /** A failed login: field errors under their fields (the first focused), anything else as a toast. */
  const showError = (error: unknown) => {
    const found = serverErrors(error, captchaShown);
    if (!found) return;
    setErrors(found);
    focusFirst(found);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found: Errors = {};
    for (const field of ['userName', 'password', 'captcha'] as const) {
      const error = check(field, values[field], captchaShown);
      if (error) found[field] = error;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirst(found);
      return;
    }
    setSubmitting(true);
    try {
      const token = await login({
        userName: values.userName.trim(),
        password: values.password,
        ...(captcha?.enabled ? { captcha: values.captcha.trim(), uuid: captcha.uuid } : {}),
      });
      startSession(token);
      toast('success', t('web.login.success'));
      const from =
        state.from && state.from.startsWith('/web/') && state.from !== '/web/login' ? state.from : '/web';
      navigate(from, { replace: true });
    } catch (error) {
      showError(error);
      const needed = captchaRequired(error);
      if (needed && !forced) setForced(true);
      if (captcha?.enabled || needed) void refreshCaptcha(forced || needed); // a captcha is single-use
    } finally {
      setSubmitting(false);
    }
  };

  const message = (field: LoginField): string | null => {
    const error = errors[field];
    if (!error) return null;
    if ('text' in error) return error.text;
    const params = error.params && { ...error.params, label: t(String(error.params.label)) };
    return t(error.key, params);
  };
  /** A field of the form (LoginInput) with its value, error, ref and rules. */
  const field = (
    name: LoginField,
    label: string,
    input: { type?: string; autoComplete: string; maxLength?: number },
    after?: ReactNode,
  ) => (
    <LoginInput
      name={name}
      label={label}
      input={input}
      after={after}
      value={values[name]}
      error={message(name)}
      inputRef={(el) => {
        inputs.current[name] = el;
      }}
      onChange={(value) => change(name, value)}
      onBlur={(value) => setError(name, check(name, value, captchaShown))}
    />
  );

  return (
    <AuthCard title={t('web.login.title')} testId="login-card">
      <form noValidate onSubmit={(e) => void submit(e)}>
        {field('userName', t('web.login.account'), { autoComplete: 'username' })}
        {field(
          'password',
          t('field.password'),
          { type: showPassword ? 'text' : 'password', autoComplete: 'current-password' },
          <button
            type="button"
            className="tg-eye"
            aria-label={t(showPassword ? 'web.login.password.hide' : 'web.login.password.show')}
            aria-pressed={showPassword}
            onClick={() => setShowPassword((s) => !s)}
          >
            <SvgIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
          </button>,
        )}
        {captcha?.enabled &&
          field(
            'captcha',
            t('field.captcha'),
            { autoComplete: 'off', maxLength: LOGIN_LIMITS.captcha },
            <CaptchaRefresh
              captcha={captcha}
              loading={captchaLoading}
              onRefresh={() => void refreshCaptcha()}
            />,
          )}
        <button type="submit" className="tg-submit" aria-busy={submitting} data-testid="login-submit">
          {submitting ? <span className="tg-spinner" aria-hidden="true" /> : null}
          {t('web.login.submit')}
        </button>
        <div className="tg-login-links">
          <Link to="/web/register">{t('web.login.toRegister')}</Link>
          <span>
            <Link to="/web/forget_password">{t('web.login.forgetPassword')}</Link>
            <Link to="/web/forget_username">{t('web.login.forgetUserName')}</Link>
          </span>
        </div>
      </form>
    </AuthCard>
  );
}

const ICONS: Record<LoginField, IconDefinition> = {
  userName: UserOutlined,
  password: LockOutlined,
  captcha: SafetyOutlined,
};
