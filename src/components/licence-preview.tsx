// A business licence (image or PDF) served only with the member's session: fetched with the API
// client (which sends the token) and shown from an object URL. A PDF shows in a frame of its own
// blob — the one kind of frame the pages' CSP allows (frame-src blob:, server/app.ts and
// electron/core/policies.ts) — typed application/pdf and only when the bytes are a PDF, so the
// frame can never render anything else (an HTML blob would run with this origin).
import { useEffect, useState } from 'react';
import { loadHttpClient } from '@/platform/http';

const PDF = 'application/pdf';

/** Whether the bytes start like a PDF (%PDF-). */
async function isPdf(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
  return String.fromCharCode(...head) === '%PDF-';
}

export function LicencePreview({ url, mime, filename, height = 160 }: { url: string; mime: string; filename: string; height?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let objectUrl: string | null = null;
    loadHttpClient()
      .then((http) => http.get<Blob>(url, { responseType: 'blob' }))
      .then(async (res) => {
        if (!alive) return;
        let blob = res.data;
        if (mime === PDF) {
          if (!(await isPdf(blob))) throw new Error('not a PDF');
          blob = new Blob([blob], { type: PDF });
        }
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, mime]);
  if (failed) return <p className="muted bo-small">营业执照加载失败</p>;
  if (!src) return <p className="muted bo-small">加载中...</p>;
  return (
    <div className="licence-preview" data-testid="licence-image">
      {mime === PDF ? (
        <iframe title="营业执照" src={src} data-testid="licence-pdf" style={{ width: '100%', height, border: '1px solid #ddd' }} />
      ) : (
        <img src={src} alt="营业执照预览" style={{ maxWidth: '100%', maxHeight: height, border: '1px solid #ddd', display: 'block' }} />
      )}
      <a href={src} target="_blank" rel="noreferrer" download={filename}>
        {filename}
      </a>
    </div>
  );
}
