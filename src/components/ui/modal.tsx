// A dialog over a backdrop; closes on the backdrop, the close button and Escape. While open it keeps
// the keyboard inside (Tab and Shift+Tab cycle through its controls) and, once closed, gives focus
// back to what had it before (WAI-ARIA dialog pattern).
import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { FormDirtyContext } from '@/components/form/form-dirty';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const shown = (el: HTMLElement) => !el.closest('[hidden], [inert]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true }));
const focusableIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(shown);

export function Modal({ open, onClose, title, children, width = 420, testId }: { open: boolean; onClose: () => void; title?: ReactNode; children: ReactNode; width?: number; testId?: string }) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  // Focus moves in on open (the first field, else the first control) and back out on close.
  useEffect(() => {
    if (!open || !dialog.current) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = dialog.current;
    const controls = focusableIn(root);
    const first = controls.find((el) => el.matches('input, select, textarea')) ?? controls.find((el) => !el.classList.contains('modal-close')) ?? root;
    first.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, [open]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const controls = focusableIn(dialog.current);
    if (!controls.length) {
      e.preventDefault();
      return;
    }
    const [first, last] = [controls[0]!, controls[controls.length - 1]!];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialog.current.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  return (
    <div className="modal-backdrop" data-testid={testId ? `${testId}-backdrop` : 'modal-backdrop'} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        tabIndex={-1}
        style={{ width }}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        {title && (
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
        )}
        {/* A modal's quick form is not an edit of the page (unsaved-changes.tsx). */}
        <FormDirtyContext.Provider value={null}>{children}</FormDirtyContext.Provider>
      </div>
    </div>
  );
}
