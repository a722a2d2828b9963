// /admin/newsManage and /admin/articleManage: platform news and technical articles for the admin —
// search, status tabs with counts and paging in the address; 编辑 opens the editor, 下线 takes an
// item off the site (404, out of every list and the sitemap), 重新发布 puts it back.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { formatDateTime } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { FilterBar, ListBody, ListTabs, SearchBox, useListParams, type TListColumn } from '@/components/data-table';
import { PUBLICATION_STATUSES, type TAdminPublicationRow, type TPublicationStatus } from '@contracts/moderation';
import { publicationsQuery, setPublicationStatus } from './api/moderation';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { KIND_PAGES, kindOf } from './publication-kind';
import '@/styles/backoffice.css';

export default function PublicationManagePage() {
  const kind = kindOf(useLocation().pathname);
  const page = KIND_PAGES[kind];
  const client = useQueryClient();
  const [confirm, confirmElement] = useConfirm();
  const { values, page: pageNo, update } = useListParams(['status', 'keyword'] as const);
  const q = useQuery(publicationsQuery(kind, { status: values.status, keyword: values.keyword, page: pageNo, pageSize: 20 }));
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'publications', kind] });
  const toggle = async (row: TAdminPublicationRow) => {
    const next: TPublicationStatus = row.status === 'published' ? 'unpublished' : 'published';
    const ok = await confirm(
      next === 'unpublished'
        ? { title: `下线${page.label}`, body: `确定下线「${row.title}」吗？下线后访客打开会看到“内容不存在”，它也会从列表、首页和站点地图中移除。`, okText: '下线', danger: true }
        : { title: '重新发布', body: `确定重新发布「${row.title}」吗？`, okText: '重新发布' },
    );
    if (!ok) return;
    // A stale version (someone edited meanwhile) is refused; the list reloads with the latest.
    await mutate(() => setPublicationStatus(kind, row.id, { status: next, version: row.version }), { onStale: refresh });
    refresh();
  };
  const counts = q.data?.counts;
  const columns: TListColumn<TAdminPublicationRow>[] = [
    {
      id: 'title',
      header: '标题',
      cell: (r) => (
        <>
          <strong className="bo-product-name">{r.title}</strong>
          <div className="muted bo-small">
            编号 {r.id}
            {r.author ? ` · ${r.author}` : ''}
          </div>
        </>
      ),
    },
    { id: 'category', header: '栏目', width: 110, cell: (r) => <span className="bo-tag bo-tag-info">{r.category}</span> },
    { id: 'views', header: '浏览', width: 80, className: 'bo-num', cell: (r) => r.views },
    { id: 'publishedAt', header: '发布时间', width: 140, cellClassName: 'muted bo-small', cell: (r) => formatDateTime(r.publishedAt) },
    { id: 'status', header: '状态', width: 90, cell: (r) => <StatusTag status={r.status} label={PUBLICATION_STATUSES[r.status as TPublicationStatus] ?? r.status} /> },
    {
      id: 'actions',
      header: '操作',
      width: 150,
      cellClassName: 'bo-row-actions',
      cell: (r) => (
        <>
          <AppLink to={`${page.list}/detail?id=${r.id}`} data-testid="row-edit">
            编辑
          </AppLink>
          {r.status === 'published' && (
            <a href={page.publicPath(r.id)} target="_blank" rel="noreferrer">
              查看
            </a>
          )}
          <button type="button" className={r.status === 'published' ? 'link-button bo-danger-link' : 'link-button'} onClick={() => void toggle(r)} data-testid="row-toggle">
            {r.status === 'published' ? '下线' : '重新发布'}
          </button>
        </>
      ),
    },
  ];
  return (
    <div className="bo-page" data-testid="publication-manage">
      <PageHeader title={kind === 'news' ? '资讯管理' : '技术文章管理'} subtitle={kind === 'news' ? '更正平台资讯（/news）的内容，或将其下线、重新发布' : '更正技术中心（/technicalCentre）的文章，或将其下线、重新发布'} />
      <div className="bo-card bo-card-flush">
        <ListTabs
          tabs={[
            { key: '', label: '全部', count: counts?.all, testId: 'tab-all' },
            { key: 'published', label: PUBLICATION_STATUSES.published, count: counts?.published, testId: 'tab-published' },
            { key: 'unpublished', label: PUBLICATION_STATUSES.unpublished, count: counts?.unpublished, testId: 'tab-unpublished' },
          ]}
          active={values.status}
          onChange={(status) => update({ status })}
        />
        <FilterBar>
          <SearchBox key={kind} value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="标题、栏目、作者或编号" label={`搜索${page.label}`} testId="publication-keyword" />
        </FilterBar>
        <ListBody
          query={q}
          columns={columns}
          getRowId={(r) => r.id}
          rowTestId="publication-row"
          empty={values.keyword ? `没有找到与「${values.keyword}」相关的${page.label}` : `暂无${page.label}`}
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {confirmElement}
    </div>
  );
}
