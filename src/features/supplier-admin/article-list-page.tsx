// /admin/supplier/article: the store's articles and solutions (tabs 文章/解决方案), by status,
// with publish/withdraw, edit and delete.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { AppLink } from '@/components/ui/app-link';
import { ARTICLE_KINDS, ARTICLE_STATUSES, type TArticleKind, type TArticleStatus, type TSupplierArticleRow } from '@contracts/backoffice';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { StatusTag } from '@/components/ui/status-tag';
import { articlesQuery, deleteArticle, setArticleStatus } from './api/articles';
import { overviewQuery } from './api/store';
import { mutate } from './api/mutate';
import { Empty, LoadError, Loading } from './components/query-state';
import { useListParams } from './use-list-params';
import '@/styles/backoffice.css';

export default function ArticleListPage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['kind', 'status', 'keyword'] as const);
  const kind: TArticleKind = values.kind === 'scheme' ? 'scheme' : 'article';
  const [keyword, setKeyword] = useState(values.keyword);
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
        <div className="bo-tabs" role="tablist">
          {(Object.keys(ARTICLE_KINDS) as TArticleKind[]).map((k) => (
            <button key={k} type="button" role="tab" aria-selected={kind === k} className={kind === k ? 'active' : undefined} onClick={() => update({ kind: k === 'article' ? '' : k, status: '', keyword: '' })} data-testid={`kind-${k}`}>
              {ARTICLE_KINDS[k]}
              {q.data && <em>{q.data.counts[k]}</em>}
            </button>
          ))}
        </div>
        <div className="bo-toolbar">
          <form
            className="bo-search"
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              update({ keyword: keyword.trim() });
            }}
          >
            <input value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder="按标题搜索" maxLength={60} aria-label="搜索标题" />
            <button type="submit" className="btn btn-primary">
              搜索
            </button>
          </form>
          <div className="bo-segmented" role="group" aria-label="发布状态">
            {[['', '全部'], ...Object.entries(ARTICLE_STATUSES)].map(([k, v]) => (
              <button key={k} type="button" className={values.status === k ? 'active' : undefined} onClick={() => update({ status: k })}>
                {v}
              </button>
            ))}
          </div>
        </div>
        {q.isLoading ? (
          <Loading />
        ) : q.error || !q.data ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.data.items.length === 0 ? (
          <Empty action={<AppLink className="btn btn-primary" to={`/admin/supplier/article/ArticleDetail?kind=${kind}`}>{kind === 'scheme' ? '发布解决方案' : '写文章'}</AppLink>}>还没有{label}</Empty>
        ) : (
          <table className="bo-table">
            <thead>
              <tr>
                <th>{label}</th>
                <th style={{ width: 90 }}>状态</th>
                <th className="bo-num" style={{ width: 70 }}>
                  阅读
                </th>
                <th style={{ width: 140 }}>更新时间</th>
                <th style={{ width: 200 }}>操作</th>
              </tr>
            </thead>
            <tbody>
              {q.data.items.map((a) => (
                <tr key={a.id} data-testid="article-row">
                  <td>
                    <div className="bo-product-cell">
                      <div className="bo-thumb bo-thumb-wide">{a.cover ? <img src={a.cover} alt="" loading="lazy" /> : <span>{label}</span>}</div>
                      <div>
                        <AppLink to={`/admin/supplier/article/ArticleDetail?id=${a.id}&kind=${a.kind}`} className="bo-product-name">
                          {a.title}
                        </AppLink>
                        {a.summary && <div className="muted bo-small bo-ellipsis-2">{a.summary}</div>}
                      </div>
                    </div>
                  </td>
                  <td>
                    <StatusTag status={a.status} label={ARTICLE_STATUSES[a.status as TArticleStatus] ?? a.status} />
                  </td>
                  <td className="bo-num">{a.views}</td>
                  <td className="muted bo-small">{dayjs(a.updatedAt).format('YYYY-MM-DD HH:mm')}</td>
                  <td className="bo-row-actions">
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
