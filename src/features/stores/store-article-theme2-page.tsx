// /store/{uid}/store-article-theme2: 店铺文章（主题二：卡片）.
import { ArticleSection, prefetchArticleSection } from './components/article-section';
import type { TPrefetchContext } from '@/shared/route-meta';

/** Server rendering: the store and the page of the list the address asks for. */
export const prefetch = (ctx: TPrefetchContext) => prefetchArticleSection(ctx, 'article');

export default function StoreArticleTheme2Page() {
  return <ArticleSection kind="article" variant="cards" />;
}
