// Attachments of a quotation: PDF, Office files and images up to 5 MB, at most 5 (the server checks
// the content again).
import { useRef, useState } from 'react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT, formatFileSize, type TAttachment } from '@contracts/trade';
import { message } from '@/components/ui/toast';
import { uploadAttachment } from '../api/quotations-api';

const ACCEPT = '.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.jpg,.jpeg,.png,.webp,.gif';

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
              <span className="file-icon" aria-hidden>
                {f.mime.includes('pdf') ? 'PDF' : f.mime.startsWith('image/') ? 'IMG' : 'DOC'}
              </span>
              <span className="file-name">{f.filename}</span>
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
