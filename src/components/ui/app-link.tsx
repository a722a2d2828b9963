// A router link that preloads its page on hover, focus or touch.
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { preloadPath } from '@/app/preload';

const intent = (to: LinkProps['to']) => () => typeof to === 'string' && preloadPath(to);

export function AppLink(props: LinkProps) {
  const preload = intent(props.to);
  return <Link {...props} onMouseEnter={preload} onFocus={preload} onTouchStart={preload} />;
}

export function AppNavLink(props: NavLinkProps) {
  const preload = intent(props.to);
  return <NavLink {...props} onMouseEnter={preload} onFocus={preload} onTouchStart={preload} />;
}
