// /admin/supplier/article: the store's articles and solutions (tabs 文章/解决方案), by status,
// with publish/withdraw, edit and delete.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/app-link';
import { ARTICLE_KINDS, ARTICLE_STATUSES, type TArticleKind, type TArticleStatus, type TSupplierArticleRow } from '@contracts/backoffice';
import { formatDateTime } from '@contracts/time';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { StatusTag } from '@/components/ui/status-tag';
import { articlesQuery, deleteArticle, setArticleStatus } from './api/articles';
import { overviewQuery } from './api/store';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { FilterBar, ListBody, ListTabs, SearchBox, Segmented, useListParams, type TListColumn } from '@/components/data-table';
import '@/styles/backoffice.css';

export default function ArticleListPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['kind', 'status', 'keyword'] as const);
  const kind: TArticleKind = values.kind === 'scheme' ? 'scheme' : 'article';
  const [confirm, confirmElement] = useConfirm();
  const q = useQuery(articlesQuery({ kind, status: values.status || undefined, keyword: values.keyword || undefined, page }));
  const overview = useQuery(overviewQuery());
  const uid = overview.data?.store.uid;
  const refresh = () => void client.invalidateQueries({ queryKey: ['supplier'] });
  const label = ARTICLE_KINDS[kind];

  const toggle = async (a: TSupplierArticleRow) => {
    if (await mutate(() => setArticleStatus(a.id, a.status === 'published' ? 'draft' : 'published'))) refresh();
  };
  const remove = async (a: TSupplierArticleRow) => {
    if (!(await confirm({ title: `删除${label}`, body: `确定删除「${a.title}」吗？删除后不可恢复。`, okText: '删除', danger: true }))) return;
    if (await mutate(() => deleteArticle(a.id))) refresh();
  };

  const columns: TListColumn<TSupplierArticleRow>[] = [
    {
      id: 'title',
      header: label,
      cell: (a) => (
        <div className="bo-product-cell">
          <div className="bo-thumb bo-thumb-wide">{a.cover ? <img src={a.cover} alt="" loading="lazy" /> : <span>{label}</span>}</div>
          <div>
            <AppLink to={`/admin/supplier/article/ArticleDetail?id=${a.id}&kind=${a.kind}`} className="bo-product-name">
              {a.title}
            </AppLink>
            {a.summary && <div className="muted bo-small bo-ellipsis-2" title={a.summary}>{a.summary}</div>}
          </div>
        </div>
      ),
    },
    { id: 'status', header: '状态', width: 90, cell: (a) => <StatusTag status={a.status} label={ARTICLE_STATUSES[a.status as TArticleStatus] ?? a.status} /> },
    { id: 'views', header: '阅读', width: 70, className: 'bo-num', cell: (a) => a.views },
    { id: 'updatedAt', header: '更新时间', width: 140, cellClassName: 'muted bo-small', cell: (a) => formatDateTime(a.updatedAt) },
    {
      id: 'actions',
      header: '操作',
      width: 200,
      cellClassName: 'bo-row-actions',
      cell: (a) => (
        <>
          <AppLink to={`/admin/supplier/article/ArticleDetail?id=${a.id}&kind=${a.kind}`}>编辑</AppLink>
          <button type="button" className="link-button" onClick={() => void toggle(a)}>
            {a.status === 'published' ? '撤回' : '发布'}
          </button>
          {a.status === 'published' && uid && (
            <a href={`/store/${uid}/storeArticleDetails?id=${a.id}`} target="_blank" rel="noreferrer">
              查看
            </a>
          )}
          <button type="button" className="link-button bo-danger-link" onClick={() => void remove(a)}>
            删除
          </button>
        </>
      ),
    },
  ];

  return (
    <div className="bo-page" data-testid="article-list">
      <PageHeader
        title="文章与方案"
        subtitle="发布企业动态、技术文章和行业解决方案，展示在您店铺的「店铺文章」「解决方案」栏目"
        crumbs={[{ to: '/admin/supplier', label: '供应商中心' }]}
        actions={
          <AppLink className="btn btn-primary" to={`/admin/supplier/article/ArticleDetail?kind=${kind}`} data-testid="new-article">
            + {kind === 'scheme' ? '发布解决方案' : '写文章'}
          </AppLink>
        }
      />
      <div className="bo-card bo-card-flush">
        <ListTabs
          tabs={(Object.keys(ARTICLE_KINDS) as TArticleKind[]).map((k) => ({ key: k, label: ARTICLE_KINDS[k], count: q.data?.counts[k], testId: `kind-${k}` }))}
          active={kind}
          onChange={(k) => update({ kind: k === 'article' ? '' : k, status: '', keyword: '' })}
        />
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="按标题搜索" label="搜索标题" />
          <Segmented label="发布状态" options={[['', '全部'], ...Object.entries(ARTICLE_STATUSES)]} value={values.status} onChange={(status) => update({ status })} />
        </FilterBar>
        <ListBody
          query={q}
          columns={columns}
          getRowId={(a) => a.id}
          rowTestId="article-row"
          empty={<Empty action={<AppLink className="btn btn-primary" to={`/admin/supplier/article/ArticleDetail?kind=${kind}`}>{kind === 'scheme' ? '发布解决方案' : '写文章'}</AppLink>}>还没有{label}</Empty>}
          loading={<Loading />}
          error={(e, retry) => <LoadError error={e} retry={retry} />}
          onPage={(p) => update({ page: p })}
        />
      </div>
      {confirmElement}
    </div>
  );
}
