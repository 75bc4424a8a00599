import type { ComponentProps, ReactNode, Ref } from 'react';
import { Cascader, Form, Select, type RefSelectProps, type SelectProps } from 'antd';
import type { CascaderRef } from 'antd/es/cascader';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MessageKey } from '@tegang/domain';
import {
  getCategoriesByEducation,
  getLearningPeriodsByRegion,
  getRegionsByCategory,
  getSubjectsByLearningPeriod,
  type DemandRegion,
} from '../api';
import type { DemandOption as Choice, SubjectDemandOption as SubjectChoice } from '@tegang/domain';
import { searchable } from '../../../components/dict';
import { required } from '../../../components/rules';
import { useRequiredOnInputOnly } from '../../../components/required-on-input';
import type { EnrollFormValues } from './enroll-form-values';
import { usePreselect } from './quick-fields';

/** Options of a level counted down to its leaves (a cascader's cities and their counties). */
export const leafCount = (options: readonly { children?: unknown[] }[] | undefined): number =>
  (options ?? []).reduce(
    (n, o) => n + (o.children?.length ? leafCount(o.children as { children?: unknown[] }[]) : 1),
    0,
  );

/**
 * The enrolment choice as a cascade education → plan category → county → learning period → subject
 * (spec §5): each level is offered only where the plan has demand under the levels above, and is
 * disabled until the level above is chosen. One definition per level, one component for all.
 */

/** The levels in order; changing one clears every level after it. */
export const CASCADE_FIELDS = [
  'education',
  'planType',
  'enrollCounty',
  'academicSession',
  'subject',
] as const;
export type CascadeField = (typeof CASCADE_FIELDS)[number];

/** The levels below the first cascade field among `changed` (nothing when none changed). */
export function cascadeFieldsBelow(changed: object): CascadeField[] {
  const index = CASCADE_FIELDS.findIndex((f) => f in changed);
  return index < 0 ? [] : CASCADE_FIELDS.slice(index + 1);
}

/** What the levels are asked with: the choices made above them. */
interface Chosen {
  planId: number;
  education?: string;
  planType?: string;
  countyCode?: string;
  academicSession?: string;
}

interface Option {
  value: string;
  label: string;
  children?: Option[];
}

interface Level {
  name: Exclude<CascadeField, 'education'>;
  /** The level above: shown in "choose … first" and required before this one is asked. */
  parent: CascadeField;
  requiredKey: MessageKey;
  /** The choices this level depends on (query key; all must be set). */
  deps: (c: Chosen) => (string | undefined)[];
  load: (c: Chosen) => Promise<Choice[] | DemandRegion[]>;
  options: (data: never[], lang: string, t: TFunction) => Option[];
  cascader?: boolean;
  wrap?: boolean;
}

const choiceLabel = (c: Choice, lang: string) => (lang === 'en' && c.labelEn ? c.labelEn : c.label);
const choiceOptions = (items: Choice[], lang: string): Option[] =>
  items.map((c) => ({ value: c.value, label: choiceLabel(c, lang) }));

const regionOptions = (regions: DemandRegion[]): Option[] =>
  regions.map((r) => ({
    value: r.code,
    label: r.name,
    ...(r.children ? { children: regionOptions(r.children) } : {}),
  }));

const LEVELS: Level[] = [
  {
    name: 'planType',
    parent: 'education',
    requiredKey: 'enroll.planType.required',
    deps: (c) => [c.education],
    load: (c) => getCategoriesByEducation(c.planId, c.education!),
    options: (data: Choice[], lang) => choiceOptions(data, lang),
    wrap: true,
  },
  {
    name: 'enrollCounty',
    parent: 'planType',
    requiredKey: 'enroll.county.required',
    deps: (c) => [c.planType],
    load: (c) => getRegionsByCategory(c.planId, c.planType!),
    options: (data: DemandRegion[]) => regionOptions(data),
    cascader: true,
  },
  {
    name: 'academicSession',
    parent: 'enrollCounty',
    requiredKey: 'enroll.academicSession.required',
    deps: (c) => [c.planType, c.countyCode],
    load: (c) => getLearningPeriodsByRegion(c.planId, c.planType!, c.countyCode!),
    options: (data: Choice[], lang) => choiceOptions(data, lang),
  },
  {
    name: 'subject',
    parent: 'academicSession',
    requiredKey: 'enroll.subject.required',
    deps: (c) => [c.planType, c.countyCode, c.academicSession],
    load: (c) => getSubjectsByLearningPeriod(c.planId, c.planType!, c.countyCode!, c.academicSession!),
    // "语文（报名 12 / 需求 3）": applicants so far against the posts (live post ratios; the
    // server's counts are up to RATIO_CACHE_SECONDS old).
    options: (data: SubjectChoice[], lang, t) =>
      data.map((s) => ({
        value: s.value,
        label: t('web.enroll.subjectRatio', {
          label: choiceLabel(s, lang),
          enrolled: s.enrolled,
          demand: s.demand,
        }),
      })),
    wrap: true,
  },
];

/** Long dictionary labels (priority conditions …) wrap in the dropdown instead of being cut on phones. */
export const wrapOption = (option: { label?: ReactNode }) => (
  <div style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>{option.label}</div>
);

export const onChangeTrigger = ['onChange', 'onBlur'];

/**
 * The value of the only choice of a level (a single-option 报考计划类别 needs no tap): the
 * option's value, or for the county cascader the path to its only county; undefined otherwise.
 */
export function onlyChoice(options: readonly Option[] | undefined, cascader?: boolean): unknown {
  if (options?.length !== 1) return undefined;
  const [option] = options;
  if (!cascader) return option!.value;
  const below = option!.children;
  return below?.length === 1 ? [option!.value, below[0]!.value] : undefined;
}

/** A level's select: aria-required on its input, not on the box around it (components/required-on-input). */
function LevelSelect(props: SelectProps & { ref?: Ref<RefSelectProps> }) {
  const ref = useRequiredOnInputOnly(props['aria-required'], props.ref);
  return <Select {...props} ref={ref} />;
}

/** A level's cascader, as LevelSelect. */
function LevelCascader(props: ComponentProps<typeof Cascader> & { ref?: Ref<CascaderRef> }) {
  const ref = useRequiredOnInputOnly(props['aria-required'], props.ref);
  return <Cascader {...props} ref={ref} />;
}

/** One level of the cascade: its form item, its query and its select (its only choice taken). */
function CascadeLevel({ level, chosen }: { level: Level; chosen: Chosen }) {
  const { t, i18n } = useTranslation();
  const deps = level.deps(chosen);
  const ready = deps.every(Boolean);
  const query = useQuery({
    queryKey: ['enroll', level.name, chosen.planId, ...deps],
    queryFn: () => level.load(chosen),
    enabled: ready,
  });
  const common = {
    'data-testid': `field-${level.name}`,
    disabled: !ready,
    loading: query.isFetching,
    placeholder: ready
      ? t('common.pleaseSelect')
      : t('web.enroll.pickFirst', { label: t(`field.${level.parent}`) }),
    notFoundContent: t('web.enroll.noChoice'),
    options: query.data ? level.options(query.data as never[], i18n.language, t) : undefined,
  };
  usePreselect(level.name, ready ? onlyChoice(common.options, level.cascader) : undefined);
  return (
    <Form.Item
      name={level.name}
      label={t(`field.${level.name}`)}
      required
      rules={[required(`field.${level.name}`, level.requiredKey)]}
      validateTrigger={onChangeTrigger}
    >
      {level.cascader ? (
        // Search only when the cities and counties on offer make a long list (no keyboard popping up
        // on a phone for two choices).
        <LevelCascader
          {...common}
          showSearch={searchable(leafCount(common.options))}
          style={{ width: '100%' }}
        />
      ) : (
        <LevelSelect {...common} optionRender={level.wrap ? wrapOption : undefined} />
      )}
    </Form.Item>
  );
}

/** The four levels after education, each in `wrap` (a grid cell). */
export function EnrollCascade({
  planId,
  values,
  wrap,
}: {
  planId: number;
  values: Pick<EnrollFormValues, 'education' | 'planType' | 'enrollCounty' | 'academicSession'>;
  wrap: (key: string, item: ReactNode) => ReactNode;
}) {
  const chosen: Chosen = {
    planId,
    education: values.education,
    planType: values.planType,
    countyCode: values.enrollCounty?.[1],
    academicSession: values.academicSession,
  };
  return <>{LEVELS.map((level) => wrap(level.name, <CascadeLevel level={level} chosen={chosen} />))}</>;
}
