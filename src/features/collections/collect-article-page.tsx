// /admin/collect/article: collected technical articles.
import { formatDateTime, formatDay } from '@contracts/time';
import { AppLink } from '@/components/ui/app-link';
import { CollectList } from './components/collect-list';

export default function CollectArticlePage() {
  return (
    <CollectList
      kind="article"
      renderItem={(a) => (
        <div className="collect-info">
          <AppLink to={`/technicalCentre/detail/${a.targetId}.html`} className="collect-title" title={a.title}>
            {a.title}
          </AppLink>
          {a.summary && (
            <p className="collect-desc" title={a.summary}>
              {a.summary}
            </p>
          )}
          <p className="collect-sub">
            <span className="tag">{a.category}</span>
            <span>发布于 {formatDay(a.publishedAt)}</span>
            <span>收藏于 {formatDateTime(a.collectedAt)}</span>
          </p>
        </div>
      )}
    />
  );
}
