// A router link that preloads its page on hover, focus or touch; in the desktop client a supplier
// back-office link opens its own native window instead of navigating.
import type { MouseEvent } from 'react';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { preloadPath } from '@/shared/preload';
import { getPlatform } from '@/platform/platform';

const intent = (to: LinkProps['to']) => () => typeof to === 'string' && preloadPath(to);

function openInOwnWindow(to: LinkProps['to'], e: MouseEvent<HTMLAnchorElement>) {
  if (!getPlatform().isDesktop || typeof to !== 'string' || e.defaultPrevented || e.button !== 0) return;
  if (getPlatform().windows.openSupplierWindow(to)) e.preventDefault();
}

export function AppLink(props: LinkProps) {
  const preload = intent(props.to);
  const { onClick } = props;
  return (
    <Link
      {...props}
      onMouseEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      onClick={(e) => {
        onClick?.(e);
        openInOwnWindow(props.to, e);
      }}
    />
  );
}

export function AppNavLink(props: NavLinkProps) {
  const preload = intent(props.to);
  const { onClick } = props;
  return (
    <NavLink
      {...props}
      onMouseEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      onClick={(e) => {
        onClick?.(e);
        openInOwnWindow(props.to, e);
      }}
    />
  );
}
