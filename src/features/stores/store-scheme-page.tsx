// /store/{uid}/store-scheme: 解决方案（主题一：列表）.
import { ArticleSection, prefetchArticleSection } from './components/article-section';
import type { TPrefetchContext } from '@/shared/route-meta';

/** Server rendering: the store and the page of the list the address asks for. */
export const prefetch = (ctx: TPrefetchContext) => prefetchArticleSection(ctx, 'scheme');

export default function StoreSchemePage() {
  return <ArticleSection kind="scheme" variant="list" />;
}
