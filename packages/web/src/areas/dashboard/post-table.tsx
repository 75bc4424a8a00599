import { useMemo } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PostRatio } from '@tegang/domain';
import { dictLabel, useDict } from '../../components/dict';
import { compareRatio, RatioText } from './ratio';

const postKey = (p: PostRatio) => `${p.countyCode}/${p.category}/${p.learningPeriod}/${p.subject}`;

/**
 * Every post of the plan in the administrator's region (county × category × learning period ×
 * subject): demand, applicants and passed audits, and the ratios applicants:demand and
 * passed:demand ("—" where the post has no applicants or no demand). Filter by county, sort by any
 * number.
 */
export function PostTable({ posts, loading }: { posts: PostRatio[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const categories = useDict('recruit_plan_category');
  const periods = useDict('recruit_learning_period');
  const subjects = useDict('recruit_subject');
  const counties = useMemo(
    () =>
      [...new Map((posts ?? []).map((p) => [p.countyCode, p.countyName ?? p.countyCode])).entries()].map(
        ([value, text]) => ({ value, text }),
      ),
    [posts],
  );
  const columns: TableColumnsType<PostRatio> = [
    {
      key: 'county',
      title: t('admin.dashboard.post.county'),
      render: (_v, p) => p.countyName ?? p.countyCode,
      filters: counties,
      filterSearch: counties.length > 10,
      onFilter: (value, p) => p.countyCode === value,
      ellipsis: true,
    },
    {
      key: 'category',
      title: t('admin.dashboard.post.category'),
      render: (_v, p) => dictLabel(categories.data, p.category, lang),
      ellipsis: true,
    },
    {
      key: 'period',
      title: t('admin.dashboard.post.period'),
      render: (_v, p) => dictLabel(periods.data, p.learningPeriod, lang),
    },
    {
      key: 'subject',
      title: t('admin.dashboard.post.subject'),
      render: (_v, p) => dictLabel(subjects.data, p.subject, lang),
    },
    {
      key: 'demand',
      dataIndex: 'demand',
      title: t('admin.dashboard.post.demand'),
      align: 'right',
      sorter: (a, b) => a.demand - b.demand,
    },
    {
      key: 'enrolled',
      dataIndex: 'enrolled',
      title: t('admin.dashboard.post.enrolled'),
      align: 'right',
      sorter: (a, b) => a.enrolled - b.enrolled,
    },
    {
      key: 'passed',
      dataIndex: 'passed',
      title: t('admin.dashboard.post.passed'),
      align: 'right',
      sorter: (a, b) => a.passed - b.passed,
    },
    {
      key: 'enrolledRatio',
      title: t('admin.dashboard.post.enrolledRatio'),
      align: 'right',
      render: (_v, p) => <RatioText count={p.enrolled} demand={p.demand} testId="post-enrolled-ratio" />,
      sorter: (a, b) =>
        compareRatio({ count: a.enrolled, demand: a.demand }, { count: b.enrolled, demand: b.demand }),
    },
    {
      key: 'passedRatio',
      title: t('admin.dashboard.post.passedRatio'),
      align: 'right',
      render: (_v, p) => (
        <RatioText count={p.passed} demand={p.demand} applicants={p.enrolled} testId="post-passed-ratio" />
      ),
      sorter: (a, b) =>
        compareRatio(
          { count: a.passed, demand: a.demand, applicants: a.enrolled },
          { count: b.passed, demand: b.demand, applicants: b.enrolled },
        ),
    },
  ];
  return (
    <Card title={t('admin.dashboard.byPost')} size="small" data-testid="dashboard-posts">
      <Table<PostRatio>
        size="small"
        rowKey={postKey}
        loading={loading}
        dataSource={posts}
        columns={columns}
        scroll={{ x: 820 }}
        pagination={{ defaultPageSize: 20, size: 'small', showSizeChanger: true, hideOnSinglePage: true }}
      />
    </Card>
  );
}
