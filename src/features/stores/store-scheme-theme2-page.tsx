// /store/{uid}/store-scheme-theme2: 解决方案（主题二：卡片）.
import { ArticleSection } from './components/article-section';

export default function StoreSchemeTheme2Page() {
  return <ArticleSection kind="scheme" variant="cards" />;
}
