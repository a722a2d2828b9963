// Shown when a save was refused because someone else changed the record in the meantime: the user's
// input stays in the form; 「重新加载」 takes the latest version so the next save can go through.
import { useState } from 'react';
import { STALE_EDIT_MESSAGE } from '@contracts/backoffice';

export function StaleBanner({ onReload, note }: { onReload: () => Promise<void>; note?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="bo-stale" role="alert" data-testid="stale-banner">
      <div>
        <strong>{STALE_EDIT_MESSAGE}</strong>
        <p className="muted">您填写的内容仍保留在表单中。点击「重新加载」获取最新版本，核对后可再次保存。{note}</p>
      </div>
      <button
        type="button"
        className="btn"
        disabled={busy}
        data-testid="stale-reload"
        onClick={async () => {
          setBusy(true);
          await onReload();
          setBusy(false);
        }}
      >
        {busy ? '加载中...' : '重新加载'}
      </button>
    </div>
  );
}
