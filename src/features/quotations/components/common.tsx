// Small pieces shared by the quotation pages: state badge, pager, attachment links.
import { DEMAND_STATE_LABEL, formatFileSize, QUOTATION_STATE_LABEL, type TAttachment, type TDemandState, type TQuotationState } from '@contracts/trade';
import { message } from '@/components/ui/toast';
import { downloadFile } from '../api/quotations-api';

const TONE: Record<string, string> = {
  DRAFT: 'muted',
  OPEN: 'primary',
  QUOTED: 'primary',
  EVALUATING: 'warning',
  AWARDED: 'success',
  REJECTED: 'danger',
  SUBMITTED: 'primary',
  ACCEPTED: 'success',
};

export function StateBadge({ state, kind = 'quotation' }: { state: string; kind?: 'demand' | 'quotation' }) {
  const label = kind === 'demand' ? DEMAND_STATE_LABEL[state as TDemandState] : QUOTATION_STATE_LABEL[state as TQuotationState];
  return (
    <span className={`state-badge state-${kind === 'demand' && state === 'REJECTED' ? 'danger' : (TONE[state] ?? 'muted')}`} data-state={state}>
      {label ?? state}
    </span>
  );
}

export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  return (
    <nav className="pagination" aria-label="分页">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      {Array.from({ length: Math.min(5, pages) }, (_, i) => from + i).map((p) => (
        <button key={p} type="button" className={p === page ? 'active' : ''} aria-current={p === page ? 'page' : undefined} onClick={() => onPage(p)}>
          {p}
        </button>
      ))}
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
      <span className="pagination-total">共 {total} 条</span>
    </nav>
  );
}

export function FileLinks({ files, empty = '无附件' }: { files: TAttachment[]; empty?: string }) {
  if (files.length === 0) return <span className="muted">{empty}</span>;
  return (
    <ul className="attachment-list">
      {files.map((f) => (
        <li key={f.id}>
          <span className="file-icon" aria-hidden>
            {f.mime.includes('pdf') ? 'PDF' : f.mime.startsWith('image/') ? 'IMG' : 'DOC'}
          </span>
          <button
            type="button"
            className="link-button file-name"
            onClick={async () => {
              const err = await downloadFile(f.url, f.filename).catch(() => '下载失败');
              if (err) message.error(err);
            }}
          >
            {f.filename}
          </button>
          <span className="muted">{formatFileSize(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}
