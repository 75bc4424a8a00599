import { useEffect, useRef, useState, type Ref } from 'react';
import {
  Cascader,
  DatePicker,
  Form,
  Input,
  Radio,
  Select,
  type FormInstance,
  type RefSelectProps,
  type SelectProps,
} from 'antd';
import type { CascaderRef } from 'antd/es/cascader';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { domicilePath, domicileText, regionNodesOfCode, type RegionNode } from '@tegang/domain';
import { regionTree } from '../../../api/reference';
import { dictLabel, searchable, useDict } from '../../../components/dict';
import { useRequiredOnInputOnly } from '../../../components/required-on-input';

/**
 * The controls that make the application quick on a phone (the goal: a first-timer fills the form in
 * under two minutes): a single option chosen by itself, two or three options as radio buttons (one tap
 * instead of two), the domicile as a region picker prefilled from the ID number, the graduation date
 * as a month on the phone's own picker. The values the form sends are those of the selects and
 * text inputs they replace.
 */

/** Up to this many options are shown as radio buttons instead of a dropdown. */
export const RADIO_MAX_OPTIONS = 3;

/** Below antd's `sm` breakpoint (576 px): a phone held upright. */
const NARROW_QUERY = '(max-width: 575px)';

/** True on a narrow (phone) screen, following resizes. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => Boolean(window.matchMedia?.(NARROW_QUERY).matches));
  useEffect(() => {
    const list = window.matchMedia?.(NARROW_QUERY);
    if (!list) return;
    const update = () => setNarrow(list.matches);
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, []);
  return narrow;
}

/**
 * Sets the field `name` to `only` (the value of the only option there is) when the field is empty: a
 * choice with one option needs no tap. A value already there (chosen, restored from a draft, stored)
 * stays. `only` undefined: more than one option, or none yet.
 */
export function usePreselect(name: string, only: unknown, form?: FormInstance): void {
  const context = Form.useFormInstance();
  const target = form ?? context;
  const value: unknown = Form.useWatch(name, target);
  const empty = value === undefined || value === null || value === '';
  const key = JSON.stringify(only ?? null);
  useEffect(() => {
    if (only !== undefined && empty) target.setFieldValue(name, only);
    // `key` stands for `only` (a fresh array on every render for a cascader path)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, name, key, empty]);
}

/** The value of the only option of `options`, or undefined when there are none or several. */
export const onlyOption = (options: readonly { value: string }[] | undefined): string | undefined =>
  options?.length === 1 ? options[0]!.value : undefined;

type ChoiceProps = Omit<SelectProps, 'options' | 'value' | 'onChange'> & {
  /** Filled by Form.Item. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  options: { value: string; label: string }[] | undefined;
  /** The Form.Item name, for the single-option preselection. */
  name: string;
  /** The question, named on the radio group for screen readers (its buttons name only the answers). */
  question?: string;
  'data-testid'?: string;
};

/**
 * A choice among `options`: radio buttons for 2..RADIO_MAX_OPTIONS options (是/否, 应届/往届 …), else
 * a select (searchable when long); a single option is chosen by itself. `data-testid` goes on the
 * radio group or the select.
 */
export function QuickChoice({
  id,
  value,
  onChange,
  onBlur,
  options,
  name,
  question,
  'data-testid': testId,
  ...selectProps
}: ChoiceProps) {
  usePreselect(name, onlyOption(options));
  // aria-required belongs on the select's input, not on the box around it (components/required-on-input).
  const ref = useRequiredOnInputOnly(
    selectProps['aria-required'],
    (selectProps as { ref?: Ref<RefSelectProps> }).ref,
  );
  const count = options?.length ?? 0;
  if (count >= 2 && count <= RADIO_MAX_OPTIONS)
    return (
      <Radio.Group
        id={id}
        // antd passes role on to the group's element but does not declare it
        {...{ role: 'radiogroup' }}
        aria-label={question}
        value={value}
        onChange={(e) => onChange?.(e.target.value as string)}
        optionType="button"
        buttonStyle="solid"
        options={options}
        onBlur={onBlur}
        data-testid={testId}
      />
    );
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      options={options}
      showSearch={searchable(count)}
      optionFilterProp="label"
      data-testid={testId}
      {...selectProps}
      ref={ref}
    />
  );
}

/** QuickChoice over a dictionary type (the form's coded fields). */
export function DictChoice({
  type,
  ...props
}: Omit<ChoiceProps, 'options'> & {
  type: string;
}) {
  const { data, isLoading } = useDict(type);
  const { t, i18n } = useTranslation();
  return (
    <QuickChoice
      loading={isLoading}
      placeholder={t('common.pleaseSelect')}
      options={data?.map((i) => ({ value: i.value, label: dictLabel(data, i.value, i18n.language) }))}
      {...props}
    />
  );
}

/** The province → city → county tree (GET /system/region/regionTreeDict), read once per session. */
export function useRegionTree(enabled = true) {
  return useQuery({
    queryKey: ['region', 'tree'],
    queryFn: () => regionTree(),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * Fills the empty domicile with the region of the ID number's GB/T 2260 address code,
 * once, when the code is in the region list; a domicile already there is never replaced, and one the
 * candidate clears is not filled again. Returns the text filled in (for a note under the field), or
 * null when nothing was.
 */
export function useDomicileFromIdCard(
  form: FormInstance,
  regionCode: string | undefined,
  tree: readonly RegionNode[] | undefined,
): string | null {
  const done = useRef(false);
  const [filled, setFilled] = useState<string | null>(null);
  useEffect(() => {
    if (done.current || !tree || !regionCode) return;
    done.current = true;
    if (form.getFieldValue('domicile')) return;
    const nodes = regionNodesOfCode(tree, regionCode);
    if (!nodes.length) return;
    const text = domicileText(nodes.map((n) => n.name));
    form.setFieldValue('domicile', text);
    setFilled(text);
  }, [form, regionCode, tree]);
  return filled;
}

/**
 * The domicile (户籍所在地) as a province → city → county picker. The value stays the text the
 * application stores ('贵州省贵阳市南明区', domicileText); a text that names no region of the list (an
 * older application typed by hand) is shown as it is until another region is chosen.
 */
export function DomicilePicker({
  id,
  value,
  onChange,
  tree,
  loading,
  ...rest
}: {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  tree: RegionNode[] | undefined;
  loading?: boolean;
  'data-testid'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  ref?: Ref<CascaderRef>;
}) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const ref = useRequiredOnInputOnly(rest['aria-required'], rest.ref);
  const path = domicilePath(tree ?? [], value);
  return (
    <Cascader<RegionNode, 'code'>
      id={id}
      options={tree ?? []}
      loading={loading}
      fieldNames={{ label: 'name', value: 'code', children: 'children' }}
      // The names of the path are the value; a hand-typed text shows as it is.
      value={path.length ? path : value ? [value] : undefined}
      changeOnSelect={false}
      // A keyboard would cover the columns on a phone; on a desktop, typing 南明 finds the county.
      showSearch={
        narrow ? false : { filter: (input, nodes) => nodes.some((n) => n.name.includes(input.trim())) }
      }
      placeholder={t('common.pleaseSelect')}
      allowClear
      style={{ width: '100%' }}
      onChange={(_codes, nodes) =>
        onChange?.(nodes?.length ? domicileText((nodes as RegionNode[]).map((n) => n.name)) : undefined)
      }
      {...rest}
      ref={ref}
    />
  );
}

/** The earliest graduation month offered. */
const FIRST_MONTH = '1950-01';

/**
 * The month `month` ('YYYY-MM') as the date the form holds: the day of `previous` when it is in that
 * month (an edited application keeps its stored date), else the 1st. Undefined for ''.
 */
export function monthValue(month: string, previous?: Dayjs): Dayjs | undefined {
  if (!/^\d{4}-\d{2}$/.test(month)) return undefined;
  if (previous?.isValid() && previous.format('YYYY-MM') === month) return previous;
  return dayjs(`${month}-01`);
}

/**
 * The graduation date chosen as a month (a day calendar is wider than a phone and takes five steps to reach a year): the
 * phone's own month picker (`<input type="month">`) on a narrow screen, antd's month panel (280 px)
 * elsewhere. The value is a Dayjs as before and is sent as YYYY-MM-DD (the 1st of the month unless
 * the stored date is in it); at most two years ahead.
 */
export function GraduationMonth({
  id,
  value,
  onChange,
  onBlur,
  ...rest
}: {
  id?: string;
  value?: Dayjs;
  onChange?: (value: Dayjs | undefined) => void;
  onBlur?: () => void;
  'data-testid'?: string;
  'aria-invalid'?: boolean;
}) {
  const narrow = useNarrowScreen();
  const last = dayjs().add(2, 'year');
  if (narrow)
    return (
      // antd's Input (its look and its error colours) around the native month input.
      <Input
        id={id}
        type="month"
        min={FIRST_MONTH}
        max={last.format('YYYY-MM')}
        value={value?.isValid() ? value.format('YYYY-MM') : ''}
        onChange={(e) => onChange?.(monthValue(e.target.value, value))}
        onBlur={onBlur}
        {...rest}
      />
    );
  return (
    <DatePicker
      id={id}
      picker="month"
      format="YYYY-MM"
      style={{ width: '100%' }}
      value={value}
      onChange={(d: Dayjs | null) => onChange?.(d ? monthValue(d.format('YYYY-MM'), value) : undefined)}
      onBlur={onBlur}
      disabledDate={(d) => d.isAfter(last, 'month') || d.isBefore(dayjs(FIRST_MONTH), 'month')}
      {...rest}
    />
  );
}
