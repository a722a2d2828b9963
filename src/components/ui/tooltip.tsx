// Tooltip and popover with the delays and offsets of SPEC §9 (show 100 ms, hide 300 ms;
// offset 6 px for tooltips and 8 px for popovers).
import { useId, useRef, useState, type ReactNode } from 'react';
import { UI } from '@/config';

type TFloatingProps = { content: ReactNode; children: ReactNode; placement?: 'top' | 'bottom' };

function useDelayedOpen(showDelay: number, hideDelay: number) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number>(undefined);
  const schedule = (next: boolean) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(next), next ? showDelay : hideDelay);
  };
  return { open, show: () => schedule(true), hide: () => schedule(false), toggle: () => setOpen((o) => !o) };
}

export function Tooltip({ content, children, placement = 'top' }: TFloatingProps) {
  const id = useId();
  const { open, show, hide } = useDelayedOpen(UI.tooltip.showDelay, UI.tooltip.hideDelay);
  return (
    <span className="floating-anchor" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide} aria-describedby={open ? id : undefined}>
      {children}
      {open && (
        <span role="tooltip" id={id} className={`tooltip tooltip-${placement}`} style={{ [placement === 'top' ? 'bottom' : 'top']: `calc(100% + ${UI.tooltip.offset}px)` }}>
          {content}
        </span>
      )}
    </span>
  );
}

export function Popover({ content, children, placement = 'bottom' }: TFloatingProps) {
  const { open, show, hide } = useDelayedOpen(UI.popover.showDelay, UI.popover.hideDelay);
  return (
    <span className="floating-anchor" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide}>
      {children}
      {open && (
        <span role="dialog" className={`popover popover-${placement}`} style={{ [placement === 'top' ? 'bottom' : 'top']: `calc(100% + ${UI.popover.offset}px)` }}>
          {content}
        </span>
      )}
    </span>
  );
}
