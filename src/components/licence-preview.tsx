// A business licence (image or PDF) served only with the member's session: fetched with the API
// client (which sends the token) and shown from an object URL.
import { useEffect, useState } from 'react';
import { loadHttpClient } from '@/platform/http';

export function LicencePreview({ url, mime, filename, height = 160 }: { url: string; mime: string; filename: string; height?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let objectUrl: string | null = null;
    loadHttpClient()
      .then((http) => http.get<Blob>(url, { responseType: 'blob' }))
      .then((res) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(res.data);
        setSrc(objectUrl);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <p className="muted bo-small">营业执照加载失败</p>;
  if (!src) return <p className="muted bo-small">加载中...</p>;
  return (
    <div className="licence-preview" data-testid="licence-image">
      {mime === 'application/pdf' ? (
        <iframe title="营业执照" src={src} style={{ width: '100%', height, border: '1px solid #ddd' }} />
      ) : (
        <img src={src} alt="营业执照预览" style={{ maxWidth: '100%', maxHeight: height, border: '1px solid #ddd', display: 'block' }} />
      )}
      <a href={src} target="_blank" rel="noreferrer" download={filename}>
        {filename}
      </a>
    </div>
  );
}
