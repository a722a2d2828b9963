// Pieces shared by the news and technical-article pages: the banner with its search box, the load
// failure box, the detail skeleton, previous/next links, and the page and id read from the URL.
import { useEffect, useState, type FormEvent } from 'react';
import { AppLink } from '@/components/ui/app-link';
import '@/styles/content.css';

/** A list's page number from the URL: 1 to 10000, anything else is page 1. */
export function readPage(raw: string | null) {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10000 ? n : 1;
}

/** The id of a detail URL's file segment: "/news/detail/123.html" → 123; anything else → null. */
export function parseDetailId(file: string | undefined): number | null {
  const m = /^(\d{1,10})\.html$/.exec(file ?? '');
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 && id <= 2147483647 ? id : null;
}

/** A list page's banner; the search box edits a draft and reports the trimmed keyword (≤ 50 characters). */
export function ContentBanner({
  tone,
  title,
  intro,
  keyword,
  placeholder,
  searchLabel,
  onSearch,
}: {
  tone: 'tech' | 'news';
  title: string;
  intro: string;
  keyword: string;
  placeholder: string;
  searchLabel: string;
  onSearch: (keyword: string) => void;
}) {
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim().slice(0, 50));
  };
  return (
    <section className={`content-banner content-banner-${tone}`}>
      <div className="container content-banner-inner">
        <div>
          <h1>{title}</h1>
          <p>{intro}</p>
        </div>
        <form className="content-search" role="search" onSubmit={submit}>
          <input value={draft} onChange={(e) => setDraft(e.target.value)} maxLength={50} placeholder={placeholder} aria-label={searchLabel} />
          <button type="submit" className="btn btn-primary">
            搜索
          </button>
        </form>
      </div>
    </section>
  );
}

/** "<what>加载失败：<reason>" with a reload button; `panel` on a detail page. */
export function LoadFailed({ what, error, onRetry, panel = false }: { what: string; error: Error; onRetry: () => void; panel?: boolean }) {
  return (
    <div className={panel ? 'panel empty' : 'empty'}>
      <p>
        {what}加载失败：{error.message}
      </p>
      <button type="button" className="btn" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}

/** The grey lines shown while a detail loads. */
export function DetailSkeleton() {
  return (
    <article className="panel article-view" aria-busy="true">
      <div className="skeleton-line title" />
      <div className="skeleton-line short" />
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="skeleton-line" />
      ))}
    </article>
  );
}

type TNeighbour = { id: number; title: string } | null;

/** 上一篇 / 下一篇 under a detail; `base` is the detail path without the "/{id}.html". */
export function Neighbours({ base, prev, next }: { base: string; prev: TNeighbour; next: TNeighbour }) {
  return (
    <nav className="article-neighbours" aria-label="上一篇和下一篇">
      <p>
        <span>上一篇：</span>
        {prev ? <AppLink to={`${base}/${prev.id}.html`} title={prev.title}>{prev.title}</AppLink> : <em>没有了</em>}
      </p>
      <p>
        <span>下一篇：</span>
        {next ? <AppLink to={`${base}/${next.id}.html`} title={next.title}>{next.title}</AppLink> : <em>没有了</em>}
      </p>
    </nav>
  );
}
