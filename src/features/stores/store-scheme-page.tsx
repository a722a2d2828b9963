// /store/{uid}/store-scheme: 解决方案（主题一：列表）.
import { ArticleSection } from './components/article-section';

export default function StoreSchemePage() {
  return <ArticleSection kind="scheme" variant="list" />;
}
