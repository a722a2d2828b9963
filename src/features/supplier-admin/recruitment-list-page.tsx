// /admin/supplier/talentRecruitment: the store's positions with open/close, edit and delete.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { AppLink } from '@/components/ui/app-link';
import { RECRUITMENT_STATUSES, type TSupplierRecruitment } from '@contracts/backoffice';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { StatusTag } from '@/components/ui/status-tag';
import { deleteRecruitment, recruitmentsQuery, setRecruitmentStatus } from './api/recruitments';
import { overviewQuery } from './api/store';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { useListParams } from './use-list-params';
import '@/styles/backoffice.css';

export default function RecruitmentListPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['status'] as const);
  const [confirm, confirmElement] = useConfirm();
  const q = useQuery(recruitmentsQuery(values.status, page));
  const overview = useQuery(overviewQuery());
  const refresh = () => void client.invalidateQueries({ queryKey: ['supplier'] });
  const toggle = async (j: TSupplierRecruitment) => {
    if (await mutate(() => setRecruitmentStatus(j.id, j.status === 'open' ? 'closed' : 'open'))) refresh();
  };
  const remove = async (j: TSupplierRecruitment) => {
    if (!(await confirm({ title: '删除职位', body: `确定删除「${j.title}」吗？`, okText: '删除', danger: true }))) return;
    if (await mutate(() => deleteRecruitment(j.id))) refresh();
  };
  const tabs: [string, string][] = [
    ['', '全部'],
    ['open', '招聘中'],
    ['closed', '已关闭'],
  ];
  return (
    <div className="bo-page" data-testid="recruitment-list">
      <PageHeader
        title="人才招聘"
        subtitle="招聘中的职位显示在您店铺的「人才招聘」栏目"
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <>
            {overview.data && (
              <a className="btn" href={`/store/${overview.data.store.uid}/talent-recruitment`} target="_blank" rel="noreferrer">
                查看招聘页 ↗
              </a>
            )}
            <AppLink className="btn btn-primary" to="/admin/supplier/talentRecruitment/RecruitmentDetail" data-testid="new-position">
              + 发布职位
            </AppLink>
          </>
        }
      />
      <div className="bo-card bo-card-flush">
        <div className="bo-tabs" role="tablist">
          {tabs.map(([k, label]) => (
            <button key={k} type="button" role="tab" aria-selected={values.status === k} className={values.status === k ? 'active' : undefined} onClick={() => update({ status: k })}>
              {label}
              {q.data && <em>{k === '' ? q.data.counts.open + q.data.counts.closed : q.data.counts[k as 'open' | 'closed']}</em>}
            </button>
          ))}
        </div>
        {q.isLoading ? (
          <Loading />
        ) : q.error || !q.data ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.data.items.length === 0 ? (
          <Empty action={<AppLink className="btn btn-primary" to="/admin/supplier/talentRecruitment/RecruitmentDetail">发布职位</AppLink>}>暂无职位</Empty>
        ) : (
          <table className="bo-table">
            <thead>
              <tr>
                <th>职位</th>
                <th>工作城市</th>
                <th>薪资</th>
                <th>要求</th>
                <th className="bo-num">人数</th>
                <th>状态</th>
                <th>发布时间</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((j) => (
                <tr key={j.id} data-testid="position-row">
                  <td>
                    <AppLink to={`/admin/supplier/talentRecruitment/RecruitmentDetail?id=${j.id}`} className="bo-product-name">
                      {j.title}
                    </AppLink>
                  </td>
                  <td>{j.city ?? '—'}</td>
                  <td className="bo-price">{j.salary ?? '面议'}</td>
                  <td className="muted bo-small">{[j.education, j.experience].filter(Boolean).join(' · ') || '不限'}</td>
                  <td className="bo-num">{j.headcount}</td>
                  <td>
                    <StatusTag status={j.status} label={RECRUITMENT_STATUSES[j.status as 'open' | 'closed'] ?? j.status} />
                  </td>
                  <td className="muted bo-small">{dayjs(j.createdAt).format('YYYY-MM-DD')}</td>
                  <td className="bo-row-actions">
                    <AppLink to={`/admin/supplier/talentRecruitment/RecruitmentDetail?id=${j.id}`}>编辑</AppLink>
                    <button type="button" className="link-button" onClick={() => void toggle(j)}>
                      {j.status === 'open' ? '关闭' : '重新开启'}
                    </button>
                    <button type="button" className="link-button bo-danger-link" onClick={() => void remove(j)}>
                      删除
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {q.data && <Pager variant="backoffice" page={q.data.page} pageSize={q.data.pageSize} total={q.data.total} onChange={(p) => update({ page: p })} />}
      </div>
      {confirmElement}
    </div>
  );
}
