// /admin/supplier/article/ArticleDetail?id=&kind=: write or edit a store article or solution —
// title, summary, cover and rich-text content; publish now or keep as a draft.
import { type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { ARTICLE_KINDS, ZStoreArticleInput, type TArticleKind, type TSupplierArticleDetail } from '@contracts/backoffice';
import { PageHeader } from '@/components/ui/page-header';
import { articleQuery, createArticle, updateArticle } from './api/articles';
import { mutate } from './api/mutate';
import { SingleImage } from './components/image-upload';
import { LoadError, Loading } from './components/query-state';
import { RichTextEditor } from './components/rich-text-editor';
import { StaleBanner } from './components/stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';
import '@/styles/backoffice.css';

export default function ArticleDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const kind: TArticleKind = params.get('kind') === 'scheme' ? 'scheme' : 'article';
  const q = useQuery({ ...articleQuery(id ?? 0), enabled: id !== null });
  if (id && q.isLoading) return <Loading rows={8} />;
  if (id && (q.error || !q.data)) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return <ArticleEditor key={id ?? `new-${kind}`} article={id ? q.data! : null} kind={(q.data?.kind as TArticleKind | undefined) ?? kind} />;
}

function ArticleEditor({ article, kind }: { article: TSupplierArticleDetail | null; kind: TArticleKind }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useSchemaForm({
    schema: ZStoreArticleInput,
    initial: {
      kind,
      title: article?.title ?? '',
      summary: article?.summary ?? '',
      cover: article?.cover ?? null,
      content: article?.content ?? '',
    },
    toPayload: (v, version) => ({ ...v, version }),
    version: article?.version,
  });
  const { values, set, errors } = form;
  const saving = form.isSubmitting;
  const reloadLatest = () => form.reload(async () => (article ? (await client.fetchQuery({ ...articleQuery(article.id), staleTime: 0 })).version : undefined));
  const label = ARTICLE_KINDS[values.kind];

  const save = (next: 'published' | 'draft') => {
    // The status does not change what is valid: one check for 发布 and 存为草稿.
    void form.run(async (payload) => {
      const parsed = { ...payload, status: next };
      const ok = await mutate(() => (article ? updateArticle(article.id, parsed) : createArticle(parsed)), { onStale: form.conflict });
      if (!ok) return;
      void client.invalidateQueries({ queryKey: ['supplier'] });
      void navigate(`/admin/supplier/article${values.kind === 'scheme' ? '?kind=scheme' : ''}`);
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save('published');
  };

  return (
    <form className="bo-page bo-editor" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="article-editor">
      {form.stale && <StaleBanner onReload={reloadLatest} />}
      <PageHeader
        title={article ? `编辑${label}` : values.kind === 'scheme' ? '发布解决方案' : '写文章'}
        subtitle={article ? `当前状态：${article.status === 'published' ? '已发布' : '草稿'} · 阅读 ${article.views} 次` : undefined}
        crumbs={[
          { to: '/admin/supplier', label: '供应商中心' },
          { to: `/admin/supplier/article${values.kind === 'scheme' ? '?kind=scheme' : ''}`, label: '文章与方案' },
        ]}
      />
      <section className="bo-card bo-form">
        <div className="bo-form-grid">
          <div className="bo-span-2">
            <Field label="标题 *" error={errors.title} hint={`${values.title.length}/150`}>
              <input {...form.field('title')} maxLength={150} placeholder={values.kind === 'scheme' ? '如：制药行业液相色谱方法开发整体解决方案' : '如：如何选择适合实验室的离心机'} />
            </Field>
          </div>
          <Field label="类型">
            <div className="bo-segmented" role="radiogroup" aria-label="类型">
              {(Object.keys(ARTICLE_KINDS) as TArticleKind[]).map((k) => (
                <button key={k} type="button" className={values.kind === k ? 'active' : undefined} onClick={() => set('kind', k)} aria-pressed={values.kind === k}>
                  {ARTICLE_KINDS[k]}
                </button>
              ))}
            </div>
          </Field>
          <Field label="封面图" error={errors.cover}>
            <SingleImage value={values.cover} onChange={(url) => set('cover', url)} purpose="cover" aspect="cover" hint="建议 800×450，显示在文章列表中" />
          </Field>
          <div className="bo-span-2">
            <Field label="摘要" error={errors.summary} hint={`${values.summary.length}/300，不填则自动取正文开头`}>
              <textarea {...form.field('summary')} rows={2} maxLength={300} />
            </Field>
          </div>
        </div>
      </section>
      <section className="bo-card bo-form">
        <h3 className="bo-card-title">正文 *</h3>
        <RichTextEditor value={values.content} onChange={(html) => set('content', html)} minHeight={380} placeholder="在这里输入正文…" invalid={Boolean(errors.content)} testId="article-content" label="正文" />
        {errors.content && <p className="field-error">{errors.content}</p>}
      </section>
      <div className="bo-actionbar">
        <AppLink className="btn" to="/admin/supplier/article">
          取消
        </AppLink>
        <button type="button" className="btn" disabled={saving} onClick={() => save('draft')} data-testid="save-draft">
          存为草稿
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving} data-testid="publish-article">
          {saving ? '保存中...' : '发布'}
        </button>
      </div>
    </form>
  );
}
