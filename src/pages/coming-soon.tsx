// Placeholder for pages a later release builds; honest about it and useful meanwhile.
import { useMatches } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';

export default function ComingSoonPage() {
  const matches = useMatches();
  const title = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title ?? '页面';
  return (
    <section className="container coming-soon" data-testid="coming-soon">
      <h1>{title}</h1>
      <p className="coming-soon-badge">建设中</p>
      <p>该页面正在建设中，敬请期待。您可以先浏览其他栏目：</p>
      <p className="coming-soon-links">
        <AppLink to="/">首页</AppLink>
        <AppLink to="/shop">仪器商城</AppLink>
        <AppLink to="/demand">求购大厅</AppLink>
      </p>
    </section>
  );
}
