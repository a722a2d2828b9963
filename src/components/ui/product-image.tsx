// A product picture, or a drawn placeholder with the category's first character when there is
// none (or it fails to load): no external images.
import { useState } from 'react';

const TONES = ['tone-blue', 'tone-teal', 'tone-indigo', 'tone-cyan', 'tone-slate', 'tone-violet'];

function toneOf(label: string): string {
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return TONES[h % TONES.length]!;
}

export function ProductImage({ src, name, category, size = 'md' }: { src?: string | null; name: string; category?: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return <img className={`product-img product-img-${size}`} src={src} alt={name} loading="lazy" onError={() => setFailed(true)} />;
  }
  const label = category || name;
  return (
    <div className={`product-img product-img-${size} product-ph ${toneOf(label)}`} role="img" aria-label={name}>
      <span className="product-ph-char">{Array.from(label)[0]}</span>
      {category && (
        <span className="product-ph-label" title={category}>
          {category}
        </span>
      )}
    </div>
  );
}
