import type { ReactNode } from 'react';

export function Field({ label, error, children, hint }: { label?: string; error?: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      {label && <label className="field-label">{label}</label>}
      <div className="field-control">{children}</div>
      {hint && <p className="field-hint">{hint}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
