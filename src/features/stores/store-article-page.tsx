// /store/{uid}/store-article: 店铺文章（主题一：列表）.
import { ArticleSection } from './components/article-section';

export default function StoreArticlePage() {
  return <ArticleSection kind="article" variant="list" />;
}
