// Tooltip with the delays and offset of SPEC §9 (show 100 ms, hide 300 ms, 6 px from its anchor),
// for the back office's icon buttons and truncated names.
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
  return { open, show: () => schedule(true), hide: () => schedule(false) };
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
