// Image fields of the editors: one image (logo, banner, cover) or a gallery of up to six goods
// pictures where the first is the cover. Files are checked here for type and size, and by content
// on the server.
import { useRef, useState } from 'react';
import { message } from '@/components/ui/toast';
import type { TImagePurpose } from '@contracts/backoffice';
import { uploadImage } from '../api/store';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
const MAX = 5 * 1024 * 1024;

function precheck(file: File): boolean {
  if (!/^image\/(jpeg|png|webp|gif)$/.test(file.type)) {
    message.error(`「${file.name}」不是 JPG、PNG、WebP 或 GIF 图片`);
    return false;
  }
  if (file.size > MAX) {
    message.error(`「${file.name}」超过5MB`);
    return false;
  }
  return true;
}

async function upload(file: File, purpose: TImagePurpose): Promise<string | null> {
  try {
    const res = await uploadImage(file, purpose);
    if (res.code !== 200 || !res.data) {
      message.error(res.msg || '上传失败');
      return null;
    }
    return res.data.url;
  } catch {
    message.error('上传失败，请稍后再试');
    return null;
  }
}

export function SingleImage({
  value,
  onChange,
  purpose,
  hint,
  aspect = 'square',
  testId,
}: {
  value: string | null;
  onChange: (url: string | null) => void;
  purpose: TImagePurpose;
  hint?: string;
  aspect?: 'square' | 'wide' | 'cover';
  testId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file || !precheck(file)) return;
    setBusy(true);
    const url = await upload(file, purpose);
    setBusy(false);
    if (input.current) input.current.value = '';
    if (url) onChange(url);
  };
  return (
    <div className={`bo-single-image bo-aspect-${aspect}`} data-testid={testId}>
      <button type="button" className="bo-image-slot" onClick={() => input.current?.click()} disabled={busy} aria-label="选择图片">
        {value ? <img src={value} alt="" /> : <span className="bo-image-plus">{busy ? '上传中…' : '+ 上传图片'}</span>}
      </button>
      <div className="bo-single-image-side">
        {hint && <p className="field-hint">{hint}</p>}
        {value && (
          <div className="bo-inline-actions">
            <button type="button" className="link-button" onClick={() => input.current?.click()} disabled={busy}>
              {busy ? '上传中…' : '更换'}
            </button>
            <button type="button" className="link-button bo-danger-link" onClick={() => onChange(null)}>
              移除
            </button>
          </div>
        )}
      </div>
      <input ref={input} type="file" accept={ACCEPT} hidden onChange={(e) => void pick(e.target.files?.[0])} />
    </div>
  );
}

export function ImageGallery({ value, onChange, max = 6, testId }: { value: string[]; onChange: (urls: string[]) => void; max?: number; testId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    const room = max - value.length;
    const list = Array.from(files);
    if (list.length > room) message.warning(`最多${max}张图片，已忽略多出的${list.length - room}张`);
    const picked = list.slice(0, Math.max(0, room)).filter(precheck);
    setBusy(picked.length);
    let urls = [...value];
    for (const file of picked) {
      const url = await upload(file, 'product');
      if (url) {
        urls = [...urls, url];
        onChange(urls);
      }
      setBusy((n) => n - 1);
    }
    if (input.current) input.current.value = '';
  };
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <div className="bo-gallery" data-testid={testId}>
      {value.map((url, i) => (
        <figure key={`${url}-${i}`} className="bo-gallery-item">
          <img src={url} alt={`商品图片${i + 1}`} />
          {i === 0 && <span className="bo-gallery-cover">封面</span>}
          <figcaption>
            <button type="button" disabled={i === 0} onClick={() => move(i, i - 1)} title="前移" aria-label="前移">
              ‹
            </button>
            {i !== 0 && (
              <button type="button" onClick={() => move(i, 0)} title="设为封面">
                设为封面
              </button>
            )}
            <button type="button" disabled={i === value.length - 1} onClick={() => move(i, i + 1)} title="后移" aria-label="后移">
              ›
            </button>
            <button type="button" className="bo-danger-link" onClick={() => onChange(value.filter((_, j) => j !== i))} title="删除" aria-label="删除图片">
              ✕
            </button>
          </figcaption>
        </figure>
      ))}
      {value.length < max && (
        <button type="button" className="bo-image-slot bo-gallery-add" onClick={() => input.current?.click()} disabled={busy > 0}>
          <span className="bo-image-plus">{busy > 0 ? `上传中（剩${busy}张）` : '+ 添加图片'}</span>
          <small>
            {value.length}/{max}
          </small>
        </button>
      )}
      <input ref={input} type="file" accept={ACCEPT} multiple hidden data-testid="gallery-input" onChange={(e) => void add(e.target.files)} />
    </div>
  );
}
