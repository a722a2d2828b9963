// The frame of the about, service and agreement sections: a side navigation between subpages and
// the chosen subpage; an unknown subpath shows the section's main page.
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { AppLink, AppNavLink } from '@/components/ui/app-link';
import { useDocumentTitle } from '@/shared/page-title';
import '@/styles/content.css';

export type TDocPage = { slug: string; label: string; title: string; updated?: string; body: () => ReactNode };

export function StaticDoc({ base, section, intro, pages, aside }: { base: string; section: string; intro: string; pages: TDocPage[]; aside?: ReactNode }) {
  const splat = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const current = pages.find((p) => p.slug === splat) ?? pages[0]!;
  useDocumentTitle(current.title);
  const href = (p: TDocPage) => (p.slug ? `${base}/${p.slug}` : base);
  return (
    <div className="static-page">
      <header className="static-hero">
        <p className="static-hero-section">{section}</p>
        <h1>{current.title}</h1>
        <p className="static-hero-intro">{intro}</p>
      </header>
      <div className="static-grid">
        <aside className="static-nav">
          <h2>{section}</h2>
          <nav aria-label={`${section}导航`}>
            {pages.map((p) => (
              <AppNavLink key={p.slug} to={href(p)} end className={() => (p === current ? 'active' : undefined)} aria-current={p === current ? 'page' : undefined}>
                {p.label}
              </AppNavLink>
            ))}
          </nav>
          {aside}
        </aside>
        <article className="static-body panel" data-testid="static-body">
          {current.updated && <p className="static-updated">{current.updated}</p>}
          {current.body()}
          <footer className="static-foot">
            <span>仍有疑问？</span>
            <AppLink to="/about/contact">联系我们</AppLink>
            <span>或</span>
            <AppLink to="/feedback">提交意见反馈</AppLink>
          </footer>
        </article>
      </div>
    </div>
  );
}

/** The hotline card shown under the side navigation. */
export function HotlineCard() {
  return (
    <div className="static-hotline">
      <p>客服热线</p>
      <strong>400-820-6688</strong>
      <span>工作日 9:00–18:00</span>
    </div>
  );
}
