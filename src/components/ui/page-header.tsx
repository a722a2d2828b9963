// The head of a back-office page: breadcrumb, title, a line of help and the page's main actions.
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';

export function PageHeader({ title, subtitle, crumbs = [], actions }: { title: ReactNode; subtitle?: ReactNode; crumbs?: { to: string; label: string }[]; actions?: ReactNode }) {
  return (
    <header className="bo-header">
      {crumbs.length > 0 && (
        <nav className="bo-crumbs" aria-label="位置">
          {crumbs.map((c) => (
            <span key={c.to}>
              <AppLink to={c.to}>{c.label}</AppLink>
              <i aria-hidden>/</i>
            </span>
          ))}
          <span className="bo-crumbs-current">{title}</span>
        </nav>
      )}
      <div className="bo-header-row">
        <div>
          <h1 className="bo-title">{title}</h1>
          {subtitle && <p className="bo-subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="bo-header-actions">{actions}</div>}
      </div>
    </header>
  );
}
