// Which of the two publication kinds a moderation page manages, from its address.
import type { TPublicationKindPath } from '@contracts/moderation';

export const KIND_PAGES: Record<TPublicationKindPath, { list: string; label: string; publicPath: (id: number) => string }> = {
  news: { list: '/admin/newsManage', label: '资讯', publicPath: (id) => `/news/detail/${id}.html` },
  articles: { list: '/admin/articleManage', label: '技术文章', publicPath: (id) => `/technicalCentre/detail/${id}.html` },
};

export const kindOf = (pathname: string): TPublicationKindPath => (pathname.startsWith(KIND_PAGES.articles.list) ? 'articles' : 'news');
