import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form } from 'antd';
import type { SubjectDemandOption } from '@tegang/domain';
import i18n from '../../../i18n';
import { EnrollCascade, leafCount } from './enroll-cascade';

const SUBJECTS: SubjectDemandOption[] = [
  { value: '01', label: '语文', labelEn: 'Chinese', demandNumber: 3, demand: 3, enrolled: 12 },
  { value: '02', label: '数学', labelEn: null, demandNumber: 2, demand: 2, enrolled: 0 },
];
vi.mock('../api', () => ({
  getCategoriesByEducation: () => Promise.resolve([{ value: '01', label: '国家特岗', labelEn: null }]),
  getRegionsByCategory: () =>
    Promise.resolve([
      { code: '520100', name: '贵阳市', level: 2, children: [{ code: '520102', name: '南明区', level: 3 }] },
    ]),
  getLearningPeriodsByRegion: () => Promise.resolve([{ value: '01', label: '小学', labelEn: 'Primary' }]),
  getSubjectsByLearningPeriod: () => Promise.resolve(SUBJECTS),
}));

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Form>
        <EnrollCascade
          planId={1}
          values={{
            education: '21',
            planType: '01',
            enrollCounty: ['520100', '520102'],
            academicSession: '01',
          }}
          wrap={(key, item) => <div key={key}>{item}</div>}
        />
      </Form>
    </QueryClientProvider>,
  );
}

async function subjectLabels(): Promise<string[]> {
  const field = screen.getByTestId('field-subject').closest('.ant-select')!;
  await act(async () => {
    fireEvent.mouseDown(within(field as HTMLElement).getByRole('combobox'));
  });
  await screen.findAllByRole('option');
  return [...document.querySelectorAll('.ant-select-item-option-content')].map((e) => e.textContent ?? '');
}

/**
 * Live post ratios (docs/decisions.md "Live post ratios"): each subject choice says how many applied
 * against the posts.
 */
describe('the cascade’s subject choices', () => {
  afterEach(cleanup);
  afterAll(() => i18n.changeLanguage('zh'));

  it('show applicants against demand beside each subject (zh)', async () => {
    await i18n.changeLanguage('zh');
    mount();
    expect(await subjectLabels()).toEqual(['语文（报名 12 / 需求 3）', '数学（报名 0 / 需求 2）']);
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    mount();
    expect(await subjectLabels()).toEqual(['Chinese (applied 12 / demand 3)', '数学 (applied 0 / demand 2)']);
  });
});

describe('leafCount (the county cascader searches only a long list)', () => {
  it('counts the counties under the cities offered', () => {
    const city = (n: number) => ({ children: Array.from({ length: n }, () => ({})) });
    expect(leafCount([city(1)])).toBe(1);
    expect(leafCount([city(3), city(9)])).toBe(12);
    expect(leafCount(undefined)).toBe(0);
  });
});
