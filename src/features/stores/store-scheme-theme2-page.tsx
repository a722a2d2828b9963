// /store/{uid}/store-scheme-theme2: 解决方案（主题二：卡片）.
import { ArticleSection, prefetchArticleSection } from './components/article-section';
import type { TPrefetchContext } from '@/shared/route-meta';

/** Server rendering: the store and the page of the list the address asks for. */
export const prefetch = (ctx: TPrefetchContext) => prefetchArticleSection(ctx, 'scheme');

export default function StoreSchemeTheme2Page() {
  return <ArticleSection kind="scheme" variant="cards" />;
}
