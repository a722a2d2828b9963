// /admin/supplier/talentRecruitment: the store's positions with open/close, edit and delete.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { RECRUITMENT_STATUSES, type TSupplierRecruitment } from '@contracts/backoffice';
import { formatDay } from '@contracts/time';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { deleteRecruitment, recruitmentsQuery, setRecruitmentStatus } from './api/recruitments';
import { overviewQuery } from './api/store';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { ListBody, ListTabs, useListParams, type TListColumn, type TListTab } from '@/components/data-table';
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
  const counts = q.data?.counts;
  const tabs: TListTab[] = [
    { key: '', label: '全部', count: counts && counts.open + counts.closed },
    { key: 'open', label: '招聘中', count: counts?.open },
    { key: 'closed', label: '已关闭', count: counts?.closed },
  ];
  const columns: TListColumn<TSupplierRecruitment>[] = [
    {
      id: 'title',
      header: '职位',
      cell: (j) => (
        <AppLink to={`/admin/supplier/talentRecruitment/RecruitmentDetail?id=${j.id}`} className="bo-product-name">
          {j.title}
        </AppLink>
      ),
    },
    { id: 'city', header: '工作城市', cell: (j) => j.city ?? '—' },
    { id: 'salary', header: '薪资', cellClassName: 'bo-price', cell: (j) => j.salary ?? '面议' },
    { id: 'requirements', header: '要求', cellClassName: 'muted bo-small', cell: (j) => [j.education, j.experience].filter(Boolean).join(' · ') || '不限' },
    { id: 'headcount', header: '人数', className: 'bo-num', cell: (j) => j.headcount },
    { id: 'status', header: '状态', cell: (j) => <StatusTag status={j.status} label={RECRUITMENT_STATUSES[j.status as 'open' | 'closed'] ?? j.status} /> },
    { id: 'createdAt', header: '发布时间', cellClassName: 'muted bo-small', cell: (j) => formatDay(j.createdAt) },
    {
      id: 'actions',
      header: '操作',
      cellClassName: 'bo-row-actions',
      cell: (j) => (
        <>
          <AppLink to={`/admin/supplier/talentRecruitment/RecruitmentDetail?id=${j.id}`}>编辑</AppLink>
          <button type="button" className="link-button" onClick={() => void toggle(j)}>
            {j.status === 'open' ? '关闭' : '重新开启'}
          </button>
          <button type="button" className="link-button bo-danger-link" onClick={() => void remove(j)}>
            删除
          </button>
        </>
      ),
    },
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
        <ListTabs tabs={tabs} active={values.status} onChange={(status) => update({ status })} />
        <ListBody
          query={q}
          columns={columns}
          getRowId={(j) => j.id}
          rowTestId="position-row"
          empty={<Empty action={<AppLink className="btn btn-primary" to="/admin/supplier/talentRecruitment/RecruitmentDetail">发布职位</AppLink>}>暂无职位</Empty>}
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {confirmElement}
    </div>
  );
}
