// /admin/newsManage/detail?id= and /admin/articleManage/detail?id=: the admin corrects a platform
// news item or technical article — title, 栏目, summary, cover, author, source (news) or tags
// (articles) and the rich-text content (the supplier article form's editor; the server sanitises).
// A save names the version it was loaded from; when someone saved meanwhile the form keeps the
// input and offers to load the latest version.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Field } from '@/components/form/field';
import { AppLink } from '@/components/ui/app-link';
import { PageHeader } from '@/components/ui/page-header';
import { PUBLICATION_STATUSES, ZPublicationInput, type TAdminPublicationDetail, type TPublicationKindPath, type TPublicationStatus } from '@contracts/moderation';
import { RichTextEditor } from '@/features/supplier-admin/components/rich-text-editor';
import { StaleBanner } from '@/features/supplier-admin/components/stale-banner';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { publicationQuery, updatePublication } from './api/moderation';
import { mutate } from './api/mutate';
import { LoadError, Loading } from './components/query-state';
import { KIND_PAGES, kindOf } from './publication-kind';
import '@/styles/backoffice.css';

const NEW_CATEGORY = '\u0000new';

export default function PublicationEditPage() {
  const kind = kindOf(useLocation().pathname);
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery({ ...publicationQuery(kind, id), enabled: id > 0 });
  if (!id) return <LoadError error={new Error('缺少要编辑的内容编号')} />;
  if (q.isLoading) return <Loading rows={8} />;
  if (q.error || !q.data) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  return <PublicationEditor key={`${kind}-${id}`} kind={kind} item={q.data} />;
}

export function PublicationEditor({ kind, item }: { kind: TPublicationKindPath; item: TAdminPublicationDetail }) {
  const page = KIND_PAGES[kind];
  const navigate = useNavigate();
  // Back to the list as it was (search, tab, page) when the editor was opened from it.
  const cameFromList = useLocation().key !== 'default';
  const client = useQueryClient();
  const form = useSchemaForm({
    schema: ZPublicationInput,
    initial: {
      title: item.title,
      category: item.category,
      // 栏目 come from the list; a new one is an explicit choice (each 栏目 is a public tab).
      newCategory: false,
      summary: item.summary ?? '',
      cover: item.cover ?? '',
      author: item.author ?? '',
      source: item.source ?? '',
      tags: item.tags.join('，'),
      content: item.content,
    },
    toPayload: (v, version) => ({ ...v, cover: v.cover.trim() || null, tags: kind === 'articles' ? v.tags.split(/[,，、\s]+/).filter(Boolean) : [], version }),
    version: item.version,
  });
  const { values, set, errors } = form;
  const creatingCategory = values.newCategory;
  const [latestTitle, setLatestTitle] = useState<string | null>(null);
  const reloadLatest = () =>
    form.reload(async () => {
      const fresh = await client.fetchQuery({ ...publicationQuery(kind, item.id), staleTime: 0 });
      setLatestTitle(fresh.title);
      return fresh.version;
    });
  const submit = form.handleSubmit(async (parsed) => {
    const ok = await mutate(() => updatePublication(kind, item.id, parsed), { onStale: form.conflict });
    if (!ok) return;
    void client.invalidateQueries({ queryKey: ['admin', 'publications', kind] });
    void client.removeQueries({ queryKey: ['admin', 'publication', kind, item.id] });
    if (cameFromList) void navigate(-1);
    else void navigate(page.list);
  });
  return (
    <form className="bo-page bo-editor" onSubmit={submit} onBlur={form.onBlur} noValidate data-testid="publication-editor">
      {form.stale && <StaleBanner onReload={reloadLatest} />}
      {latestTitle !== null && !form.stale && (
        <div className="bo-alert bo-alert-warning" data-testid="stale-latest">
          已加载最新版本。他人保存的标题：「{latestTitle}」。您的输入仍保留，确认后再次保存。
        </div>
      )}
      <PageHeader
        title={`编辑${page.label}`}
        subtitle={`编号 ${item.id} · ${PUBLICATION_STATUSES[item.status as TPublicationStatus] ?? item.status} · 浏览 ${item.views} 次`}
        crumbs={[{ to: page.list, label: kind === 'news' ? '资讯管理' : '技术文章管理' }]}
        actions={
          item.status === 'published' ? (
            <a className="btn" href={page.publicPath(item.id)} target="_blank" rel="noreferrer">
              查看页面 ↗
            </a>
          ) : undefined
        }
      />
      <section className="bo-card bo-form">
        <div className="bo-form-grid">
          <div className="bo-span-2">
            <Field label="标题 *" error={errors.title} hint={`${values.title.length}/150`}>
              <input {...form.field('title')} maxLength={150} />
            </Field>
          </div>
          <Field label="栏目 *" error={errors.category} hint={creatingCategory ? '新栏目保存后将作为公开栏目显示在列表页' : undefined}>
            {creatingCategory ? (
              <div className="bo-inline-new">
                <input {...form.field('category')} maxLength={20} placeholder="新栏目名称" data-testid="new-category" />
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => form.setValues({ newCategory: false, category: item.category })}
                >
                  从列表选择
                </button>
              </div>
            ) : (
              <select
                name="category"
                value={values.category}
                onChange={(e) => {
                  if (e.target.value !== NEW_CATEGORY) return set('category', e.target.value);
                  form.setValues({ newCategory: true, category: '' });
                }}
                data-testid="category-select"
              >
                {[...new Set([item.category, ...item.categories])].map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
                <option value={NEW_CATEGORY}>＋ 新建栏目…</option>
              </select>
            )}
          </Field>
          <Field label="作者" error={errors.author}>
            <input {...form.field('author')} maxLength={40} />
          </Field>
          {kind === 'news' ? (
            <Field label="来源" error={errors.source}>
              <input {...form.field('source')} maxLength={60} placeholder="如：仪采通编辑部" />
            </Field>
          ) : (
            <Field label="标签" error={errors.tags} hint="多个标签用逗号分隔，最多10个">
              <input {...form.field('tags')} maxLength={240} placeholder="如：液相色谱，方法开发" />
            </Field>
          )}
          <Field label="封面图地址" error={errors.cover} hint="站内图片路径（/uploads/…）或 https:// 地址，留空则不显示封面">
            <input {...form.field('cover')} maxLength={500} />
          </Field>
          <div className="bo-span-2">
            <Field label="摘要" error={errors.summary} hint={`${values.summary.length}/300`}>
              <textarea {...form.field('summary')} rows={2} maxLength={300} />
            </Field>
          </div>
        </div>
      </section>
      <section className="bo-card bo-form">
        <h3 className="bo-card-title">正文 *</h3>
        <RichTextEditor value={values.content} onChange={(html) => set('content', html)} minHeight={380} placeholder="在这里输入正文…" invalid={Boolean(errors.content)} testId="publication-content" />
        {errors.content && <p className="field-error">{errors.content}</p>}
      </section>
      <div className="bo-actionbar">
        <AppLink className="btn" to={page.list}>
          取消
        </AppLink>
        <button type="submit" className="btn btn-primary" disabled={form.isSubmitting} data-testid="save-publication">
          {form.isSubmitting ? '保存中...' : '保存'}
        </button>
      </div>
    </form>
  );
}
