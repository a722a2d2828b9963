// The phone header's 菜单 button and its drawer (./phone-menu-drawer, loaded on first use). Shown only
// below the phone breakpoint (styles/phone.css); desktop keeps its nav bar.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { TNavItem } from './phone-menu-drawer';

export type { TNavItem };

const PhoneMenuDrawer = lazy(() => import('./phone-menu-drawer'));

export function PhoneMenu({ nav }: { nav: TNavItem[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const close = useCallback(() => setOpen(false), []);
  // Any navigation (a link in the drawer, back/forward) closes it.
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  return (
    <>
      <button type="button" className="phone-menu-button" aria-label="菜单" aria-expanded={open} onClick={() => setOpen(true)} data-testid="phone-menu-button">
        <span aria-hidden className="phone-menu-icon" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <PhoneMenuDrawer nav={nav} close={close} />
        </Suspense>
      )}
    </>
  );
}
