// A back-office confirmation dialog as a promise: `if (await confirm({ title, body })) …`.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';

type TConfirm = { title: string; body?: ReactNode; okText?: string; danger?: boolean };

export function useConfirm(): [(opts: TConfirm) => Promise<boolean>, ReactNode] {
  const [opts, setOpts] = useState<TConfirm | null>(null);
  const resolver = useRef<(ok: boolean) => void>(undefined);
  const confirm = useCallback((o: TConfirm) => {
    setOpts(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = undefined;
    setOpts(null);
  };
  const element = (
    <Modal open={opts !== null} onClose={() => close(false)} title={opts?.title} width={400} testId="confirm-dialog">
      {opts?.body && <div className="bo-confirm-body">{opts.body}</div>}
      <div className="bo-modal-actions">
        <button type="button" className="btn" onClick={() => close(false)}>
          取消
        </button>
        <button type="button" className={`btn ${opts?.danger ? 'btn-danger-solid' : 'btn-primary'}`} onClick={() => close(true)} data-testid="confirm-ok">
          {opts?.okText ?? '确定'}
        </button>
      </div>
    </Modal>
  );
  return [confirm, element];
}
