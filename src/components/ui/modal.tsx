// A dialog over a backdrop; closes on the backdrop, the close button and Escape.
import { useEffect, type ReactNode } from 'react';

export function Modal({ open, onClose, title, children, width = 420, testId }: { open: boolean; onClose: () => void; title?: ReactNode; children: ReactNode; width?: number; testId?: string }) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="modal-backdrop" data-testid={testId ? `${testId}-backdrop` : 'modal-backdrop'} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" style={{ width }} data-testid={testId}>
        <button type="button" className="modal-close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
        {title && <h2 className="modal-title">{title}</h2>}
        {children}
      </div>
    </div>
  );
}
