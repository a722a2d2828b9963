// Trade attachments (of demands and quotations): the upload field (PDF, Office files and images up
// to 5 MB, at most 5; the server checks the content again) and the list of downloadable files.
import { useRef, useState } from 'react';
import type { TEnvelope } from '@contracts/api';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT, formatFileSize, type TAttachment } from '@contracts/trade';
import { message } from '@/components/ui/toast';
import { downloadFile } from '@/platform/download';
import { loadHttpClient } from '@/platform/http';

const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.jpg,.jpeg,.png,.webp,.gif';

async function uploadAttachment(file: File): Promise<TEnvelope<TAttachment>> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await (await loadHttpClient()).post<TEnvelope<TAttachment>>('/api/trade/attachments', form);
  return res.data ?? { code: 500, msg: '上传失败，请稍后再试' };
}

function FileIcon({ mime }: { mime: string }) {
  return (
    <span className="file-icon" aria-hidden>
      {mime.includes('pdf') ? 'PDF' : mime.startsWith('image/') ? 'IMG' : 'DOC'}
    </span>
  );
}

export function AttachmentField({ files, onChange }: { files: TAttachment[]; onChange: (files: TAttachment[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onPick = async (list: FileList | null) => {
    if (!list?.length) return;
    let current = files;
    setBusy(true);
    try {
      for (const file of Array.from(list)) {
        if (current.length >= ATTACHMENT_MAX_COUNT) {
          message.warning(`附件最多${ATTACHMENT_MAX_COUNT}个`);
          break;
        }
        if (file.size > ATTACHMENT_MAX_BYTES) {
          message.error(`“${file.name}”超过5MB，无法上传`);
          continue;
        }
        const res = await uploadAttachment(file).catch(() => null);
        if (!res) {
          message.error('上传失败，请检查网络后重试');
          continue;
        }
        if (res.code !== 200 || !res.data) {
          message.error(`“${file.name}”：${res.msg}`);
          continue;
        }
        current = [...current, res.data];
        onChange(current);
      }
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="attachment-field">
      <div className="attachment-drop" onClick={() => input.current?.click()} role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && input.current?.click()}>
        <strong>{busy ? '上传中...' : '点击上传附件'}</strong>
        <span className="muted">支持 PDF、Word、Excel、PPT 和图片，单个不超过5MB，最多{ATTACHMENT_MAX_COUNT}个</span>
      </div>
      <input ref={input} type="file" multiple hidden accept={ACCEPT} data-testid="attachment-input" onChange={(e) => void onPick(e.target.files)} />
      {files.length > 0 && (
        <ul className="attachment-list">
          {files.map((f) => (
            <li key={f.id}>
              <FileIcon mime={f.mime} />
              <span className="file-name" title={f.filename}>{f.filename}</span>
              <span className="muted">{formatFileSize(f.size)}</span>
              <button type="button" className="link-button danger" onClick={() => onChange(files.filter((x) => x.id !== f.id))}>
                移除
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The files as download buttons with icon and size; `empty` when there are none. */
export function FileLinks({ files, empty = '无附件' }: { files: TAttachment[]; empty?: string }) {
  if (files.length === 0) return <span className="muted">{empty}</span>;
  return (
    <ul className="attachment-list">
      {files.map((f) => (
        <li key={f.id}>
          <FileIcon mime={f.mime} />
          <button
            type="button"
            className="link-button file-name"
            title={f.filename}
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
