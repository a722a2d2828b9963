// /store/{uid}/store-article-theme2: 店铺文章（主题二：卡片）.
import { ArticleSection } from './components/article-section';

export default function StoreArticleTheme2Page() {
  return <ArticleSection kind="article" variant="cards" />;
}
