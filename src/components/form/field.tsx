import { cloneElement, isValidElement, useId, useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';

const CONTROL_TAGS = new Set(['input', 'select', 'textarea']);
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

/**
 * A labelled form row. The label names its control for screen readers: a control given directly
 * gets the label's `for`; in a wrapper (an input with a unit select, a code input with its button)
 * the first control without a name of its own is labelled by it. Hint and error describe it.
 */
export function Field({ label, error, children, hint }: { label?: string; error?: string; children: ReactNode; hint?: ReactNode }) {
  const id = useId();
  const [labelId, hintId, errorId] = [`${id}-label`, `${id}-hint`, `${id}-error`];
  const control = useRef<HTMLDivElement>(null);
  const described = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  const direct = isValidElement<{ id?: string; 'aria-describedby'?: string }>(children) && typeof children.type === 'string' && CONTROL_TAGS.has(children.type) ? children : null;
  const controlId = direct?.props.id ?? `${id}-control`;
  const content = direct ? cloneElement(direct as ReactElement<{ id?: string; 'aria-describedby'?: string }>, { id: controlId, 'aria-describedby': direct.props['aria-describedby'] ?? described }) : children;

  useIsomorphicLayoutEffect(() => {
    if (direct || !label || !control.current) return;
    const target = [...control.current.querySelectorAll<HTMLElement>('input, select, textarea')].find(
      (el) => !el.hasAttribute('aria-label') && (!el.hasAttribute('aria-labelledby') || el.getAttribute('aria-labelledby') === labelId) && !(el.id && control.current!.ownerDocument.querySelector(`label[for="${CSS.escape(el.id)}"]`)),
    );
    if (!target) return;
    target.setAttribute('aria-labelledby', labelId);
    if (described) target.setAttribute('aria-describedby', described);
    else if (target.getAttribute('aria-describedby')?.startsWith(id)) target.removeAttribute('aria-describedby');
  });

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      {label && (
        <label className="field-label" id={labelId} htmlFor={direct ? controlId : undefined}>
          {label}
        </label>
      )}
      <div className="field-control" ref={control}>
        {content}
      </div>
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
