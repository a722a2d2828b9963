// The home page: category navigation (three levels on hover), a carousel, featured products,
// latest demands, brands, stores, news and technical articles, all from one /api/home call.
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { type TCarouselSlide, type TCategoryNode, type THome, type THomePost } from '@contracts/catalogue';
import type { TPlatformNotice } from '@contracts/backoffice';
import { provinceLabel } from '@contracts/catalogue-constants';
import { formatMonthDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { Avatar } from '@/components/ui/avatar';
import { openLoginModal } from '@/shared/login-modal';
import { useSession } from '@/shared/session';
import { isHydrated } from '@/shared/hydration';
import { fetchData } from '@/platform/http';
import type { TPrefetchContext } from '@/shared/route-meta';
import { ProductCard } from '@/features/shop/components/product-card';
import '@/styles/shop.css';
import '@/styles/home-page.css';

/** The latest announcements to 全体会员 (public). */
const platformNoticesQuery = () => queryOptions({ queryKey: ['notices', 'platform'], queryFn: () => fetchData<TPlatformNotice[]>('get', '/api/notices/platform'), staleTime: 60_000 });
// Refetched on every visit (shown from memory meanwhile): the server answers from its shared cache,
// which a write drops, so a rejected demand or supplier leaves the home page at once. Not on the page
// load the server rendered: its page comes from the same cache, dropped by the same writes.
const homeQuery = () => queryOptions({ queryKey: ['catalogue', 'home'], queryFn: () => fetchData<THome>('get', '/api/home'), staleTime: 0, refetchOnMount: () => isHydrated() });

const HOT_KEYWORDS = ['气相色谱仪', '液相色谱仪', '原子吸收', '分析天平', '离心机', '紫外分光光度计', 'PCR仪', '7890B'];
const CAROUSEL_MS = 5000;

/** Server rendering: the home answer and the announcements. */
export async function prefetch({ queryClient }: TPrefetchContext) {
  await Promise.all([queryClient.prefetchQuery(homeQuery()), queryClient.prefetchQuery(platformNoticesQuery())]);
}

export default function HomePage() {
  const home = useQuery(homeQuery());
  const data = home.data;
  return (
    <div className="home" data-testid="home-page">
      <div className="container home-hot">
        <span className="home-hot-label">热门搜索：</span>
        {HOT_KEYWORDS.map((k) => (
          <AppLink key={k} to={`/shop?keyword=${encodeURIComponent(k)}`}>
            {k}
          </AppLink>
        ))}
      </div>

      <section className="container home-top">
        <CategoryMenu categories={data?.categories ?? []} />
        <Carousel slides={data?.carousel ?? []} />
        <WelcomePanel stats={data?.stats} />
      </section>

      {home.isError && (
        <div className="container">
          <div className="panel home-error">
            首页数据加载失败。
            <button type="button" className="link-button" onClick={() => void home.refetch()}>
              重新加载
            </button>
          </div>
        </div>
      )}

      <section className="container home-section" data-testid="home-products">
        <SectionHead title="推荐仪器" sub="热门实验室仪器，认证供应商在线供货" more={{ to: '/shop', label: '进入仪器商城' }} />
        <div className="product-grid product-grid-6">
          {data ? data.products.map((p) => <ProductCard key={p.id} product={p} />) : Array.from({ length: 6 }, (_, i) => <div key={i} className="product-card skeleton" />)}
        </div>
      </section>

      <section className="container home-split">
        <div className="panel home-demands" data-testid="home-demands">
          <SectionHead title="最新求购" sub="采购需求实时更新" more={{ to: '/demand', label: '求购大厅' }} />
          {data && data.demands.length === 0 && <p className="empty">暂无公开的求购信息</p>}
          <ul className="demand-list">
            {data?.demands.map((d) => (
              <li key={d.id}>
                <AppLink to={`/demand?id=${d.id}`} className="demand-title" title={d.title}>
                  <span className="demand-tag">求购</span>
                  {d.title}
                </AppLink>
                <div className="demand-meta">
                  <span>{d.buyer}</span>
                  <span>
                    {d.quantity}
                    {d.unit}
                  </span>
                  {d.province && <span>{provinceLabel(d.province)}</span>}
                  <span className="demand-deadline">截止 {formatMonthDay(d.quoteDeadline)}</span>
                </div>
              </li>
            ))}
          </ul>
          <AppLink to="/demand/inquiry" className="btn btn-accent btn-block home-demand-cta">
            我也要发布求购
          </AppLink>
        </div>

        <div className="panel home-brands" data-testid="home-brands">
          <SectionHead title="品牌专区" sub="国内外主流仪器品牌" more={{ to: '/shop', label: '全部品牌' }} />
          <div className="brand-wall">
            {data?.brands.map((b) => (
              <AppLink key={b.id} to={`/shop?brand=${b.id}`} className="brand-tile" title={b.nameEn ? `${b.name} ${b.nameEn}` : b.name}>
                <strong>{b.name}</strong>
                {b.nameEn && <small>{b.nameEn}</small>}
              </AppLink>
            ))}
          </div>
        </div>
      </section>

      <section className="container home-section" data-testid="home-stores">
        <SectionHead title="优质店铺" sub="原厂旗舰店与授权经销商" more={{ to: '/store', label: '店铺大全' }} />
        <div className="home-store-grid">
          {data?.stores.map((s) => (
            <AppLink key={s.uid} to={`/store/${s.uid}`} className={`home-store theme-${s.theme}`}>
              <span className="home-store-logo" aria-hidden>
                {Array.from(s.name)[0]}
              </span>
              <strong className="home-store-name" title={s.name}>
                {s.name}
              </strong>
              <span className="home-store-company" title={s.companyName}>
                {s.companyName}
              </span>
              <span className="home-store-meta">
                {s.verified && <span className="badge badge-verified">认证</span>}
                {s.province && <span>{provinceLabel(s.province)}</span>}
                <span>{s.productCount} 件产品</span>
              </span>
            </AppLink>
          ))}
        </div>
      </section>

      <section className="container home-split home-posts">
        <PostList title="行业资讯" sub="政策、展会与市场动态" more="/news" items={data?.news} href={(id) => `/news/detail/${id}.html`} testId="home-news" />
        <PostList title="技术文章" sub="方法开发、仪器维护与应用方案" more="/technicalCentre" items={data?.articles} href={(id) => `/technicalCentre/detail/${id}.html`} testId="home-articles" />
      </section>
    </div>
  );
}

function SectionHead({ title, sub, more }: { title: string; sub?: string; more?: { to: string; label: string } }) {
  return (
    <header className="home-head">
      <h2>{title}</h2>
      {sub && <span className="home-head-sub">{sub}</span>}
      {more && (
        <AppLink to={more.to} className="home-head-more">
          {more.label} ›
        </AppLink>
      )}
    </header>
  );
}

function CategoryMenu({ categories }: { categories: TCategoryNode[] }) {
  const [active, setActive] = useState<number | null>(null);
  const current = categories.find((c) => c.id === active);
  return (
    <nav className="home-cats" aria-label="全部商品分类" onMouseLeave={() => setActive(null)} data-testid="home-categories">
      <div className="home-cats-title">全部商品分类</div>
      <ul>
        {categories.slice(0, 9).map((c) => (
          <li key={c.id} className={active === c.id ? 'active' : undefined} onMouseEnter={() => setActive(c.id)} onFocus={() => setActive(c.id)}>
            <AppLink to={`/shop?category=${c.id}`} className="home-cat-top">
              {c.name}
            </AppLink>
            <span className="home-cat-peek">
              {c.children.slice(0, 2).map((g) => (
                <AppLink key={g.id} to={`/shop?category=${g.id}`}>
                  {g.name}
                </AppLink>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {current && (
        <div className="home-cats-flyout" data-testid="category-flyout">
          {current.children.map((group) => (
            <dl key={group.id}>
              <dt>
                <AppLink to={`/shop?category=${group.id}`}>{group.name} ›</AppLink>
              </dt>
              <dd>
                {group.children.map((leaf) => (
                  <AppLink key={leaf.id} to={`/shop?category=${leaf.id}`}>
                    {leaf.name}
                  </AppLink>
                ))}
              </dd>
            </dl>
          ))}
        </div>
      )}
    </nav>
  );
}

function Carousel({ slides }: { slides: TCarouselSlide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const navigate = useNavigate();
  const count = slides.length;
  const go = useCallback((i: number) => setIndex(count ? (i + count) % count : 0), [count]);
  const timer = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => {
    if (paused || count < 2) return;
    timer.current = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_MS);
    return () => clearInterval(timer.current);
  }, [paused, count, index]);
  if (count === 0) return <div className="carousel carousel-empty" />;
  return (
    <div className="carousel" onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} aria-roledescription="carousel" data-testid="carousel">
      {slides.map((s, i) => (
        <div
          key={s.id}
          className={`carousel-slide tone-${s.tone}${i === index ? ' active' : ''}`}
          aria-hidden={i !== index}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} / ${count}`}
          onClick={() => void navigate(s.to)}
        >
          <div className="carousel-text">
            <h2>{s.title}</h2>
            <p>{s.subtitle}</p>
            <AppLink to={s.to} className="carousel-cta" tabIndex={i === index ? 0 : -1} onClick={(e) => e.stopPropagation()}>
              {s.cta} →
            </AppLink>
          </div>
          <SlideArt id={s.id} />
        </div>
      ))}
      <button type="button" className="carousel-arrow prev" aria-label="上一张" onClick={() => go(index - 1)}>
        ‹
      </button>
      <button type="button" className="carousel-arrow next" aria-label="下一张" onClick={() => go(index + 1)}>
        ›
      </button>
      <div className="carousel-dots" role="tablist">
        {slides.map((s, i) => (
          <button key={s.id} type="button" role="tab" aria-selected={i === index} aria-label={`第${i + 1}张：${s.title}`} className={i === index ? 'active' : undefined} onClick={() => go(i)} />
        ))}
      </div>
    </div>
  );
}

/** Line drawings for the banners: a chromatogram, a quotation form, a storefront. */
function SlideArt({ id }: { id: string }) {
  if (id === 'demand') {
    return (
      <svg className="carousel-art" viewBox="0 0 220 180" aria-hidden>
        <rect x="40" y="14" width="130" height="152" rx="10" fill="rgba(255,255,255,.14)" stroke="rgba(255,255,255,.7)" strokeWidth="2" />
        {[44, 74, 104, 134].map((y) => (
          <g key={y}>
            <rect x="58" y={y} width="14" height="14" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
            <path d={`M61 ${y + 7} l3 4 l6 -8`} stroke="#fff" strokeWidth="2" fill="none" />
            <rect x="80" y={y + 3} width={y === 134 ? 50 : 72} height="8" rx="4" fill="rgba(255,255,255,.55)" />
          </g>
        ))}
        <circle cx="172" cy="142" r="26" fill="#fff" opacity=".92" />
        <text x="172" y="150" textAnchor="middle" fontSize="22" fontWeight="700" fill="#ea580c">¥</text>
      </svg>
    );
  }
  if (id === 'store') {
    return (
      <svg className="carousel-art" viewBox="0 0 220 180" aria-hidden>
        <path d="M30 62 L48 24 H172 L190 62 Z" fill="rgba(255,255,255,.25)" stroke="#fff" strokeWidth="2" />
        <rect x="36" y="62" width="148" height="96" rx="4" fill="rgba(255,255,255,.12)" stroke="#fff" strokeWidth="2" />
        <rect x="56" y="84" width="44" height="74" rx="3" fill="rgba(255,255,255,.35)" />
        <rect x="114" y="84" width="52" height="36" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
        <path d="M30 62 q20 16 40 0 q20 16 40 0 q20 16 40 0 q20 16 40 0" fill="none" stroke="#fff" strokeWidth="2" />
      </svg>
    );
  }
  return (
    <svg className="carousel-art" viewBox="0 0 220 180" aria-hidden>
      <path d="M14 156 H206 M14 156 V20" stroke="rgba(255,255,255,.6)" strokeWidth="2" />
      <path d="M16 150 L40 148 L52 146 L60 60 L68 146 L88 147 L98 110 L106 147 L128 148 L140 30 L150 148 L172 146 L180 124 L188 148 L204 149" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="140" cy="30" r="5" fill="#fff" />
      <circle cx="60" cy="60" r="5" fill="#fff" />
    </svg>
  );
}

function WelcomePanel({ stats }: { stats?: THome['stats'] }) {
  const { user, signedIn } = useSession();
  return (
    <aside className="home-welcome">
      <div className="home-user">
        {signedIn ? (
          <>
            <Avatar src={user?.avatar} name={user?.nickname ?? ''} size={44} />
            <div>
              <strong title={user?.nickname ?? '会员'}>{user?.nickname ?? '会员'}</strong>
              <span>欢迎回来！</span>
            </div>
          </>
        ) : (
          <>
            <span className="home-user-icon" aria-hidden>
              仪
            </span>
            <div>
              <strong>您好，欢迎来到仪采通</strong>
              <span>登录后可收藏、询价和发布求购</span>
            </div>
          </>
        )}
      </div>
      {signedIn ? (
        <div className="home-user-actions">
          <AppLink to="/admin" className="btn btn-primary btn-sm">
            管理中心
          </AppLink>
          <AppLink to="/admin/collect/product" className="btn btn-sm">
            我的收藏
          </AppLink>
        </div>
      ) : (
        <div className="home-user-actions">
          <button type="button" className="btn btn-primary btn-sm" onClick={openLoginModal}>
            登录
          </button>
          <AppLink to="/register" className="btn btn-sm">
            免费注册
          </AppLink>
        </div>
      )}
      <div className="home-quick">
        <AppLink to="/demand/inquiry">
          <i className="qi qi-demand" aria-hidden>
            求
          </i>
          发布求购
        </AppLink>
        <AppLink to="/demand/quickInquiry">
          <i className="qi qi-quick" aria-hidden>
            询
          </i>
          快速询价
        </AppLink>
        <AppLink to="/store">
          <i className="qi qi-store" aria-hidden>
            店
          </i>
          品牌店铺
        </AppLink>
        <AppLink to="/service/settle">
          <i className="qi qi-join" aria-hidden>
            入
          </i>
          供应商入驻
        </AppLink>
      </div>
      <PlatformNotices />
      <dl className="home-stats">
        <div>
          <dt>在售仪器</dt>
          <dd>{stats ? stats.products.toLocaleString('zh-CN') : '—'}</dd>
        </div>
        <div>
          <dt>入驻企业</dt>
          <dd>{stats ? stats.suppliers.toLocaleString('zh-CN') : '—'}</dd>
        </div>
        <div>
          <dt>求购中</dt>
          <dd>{stats ? stats.demands.toLocaleString('zh-CN') : '—'}</dd>
        </div>
      </dl>
    </aside>
  );
}

function PlatformNotices() {
  const q = useQuery(platformNoticesQuery());
  const items = (q.data ?? []).slice(0, 3);
  if (!items.length) return null;
  return (
    <section className="home-notices" aria-label="平台公告" data-testid="home-notices">
      <strong className="home-notices-title">平台公告</strong>
      <ul>
        {items.map((n) => (
          <li key={n.id} title={n.content ? `${n.title}\n${n.content}` : n.title}>
            {n.link && /^https?:\/\//i.test(n.link) ? (
              <a href={n.link} target="_blank" rel="noopener noreferrer">
                {n.title}
              </a>
            ) : n.link ? (
              <AppLink to={n.link}>{n.title}</AppLink>
            ) : (
              <span>{n.title}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PostList({ title, sub, more, items, href, testId }: { title: string; sub: string; more: string; items?: THomePost[]; href: (id: number) => string; testId: string }) {
  const [lead, ...rest] = items ?? [];
  return (
    <div className="panel home-post-list" data-testid={testId}>
      <SectionHead title={title} sub={sub} more={{ to: more, label: '更多' }} />
      {items && items.length === 0 && <p className="empty">暂无内容</p>}
      {lead && (
        <AppLink to={href(lead.id)} className="home-post-lead">
          <span className="home-post-cat">{lead.category}</span>
          <strong>{lead.title}</strong>
          {lead.summary && <p title={lead.summary}>{lead.summary}</p>}
        </AppLink>
      )}
      <ul>
        {rest.map((p) => (
          <li key={p.id}>
            <AppLink to={href(p.id)} title={p.title}>
              <span className="home-post-dot" aria-hidden />
              {p.title}
            </AppLink>
            <time dateTime={p.publishedAt}>{formatMonthDay(p.publishedAt)}</time>
          </li>
        ))}
      </ul>
    </div>
  );
}
