import { Outlet } from 'react-router-dom';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { SiteFooter, SiteHeader } from './site-header';
import { useLayoutStyle } from '@/shared/layout-style';
import homeCss from '@/styles/home.css?inline';

export default function DefaultLayout() {
  useLayoutStyle('default', homeCss);
  return (
    <div className="layout layout-default">
      <SiteHeader />
      <main className="site-main">
        {/* The public forms (发布求购, 询价, 快速询价, 意见反馈…) ask before what was typed is lost, as the back office does. */}
        <UnsavedChangesGuard>
          <Outlet />
        </UnsavedChangesGuard>
      </main>
      <SiteFooter />
    </div>
  );
}
