// The look of the bars above every page (a new version ready, the server unreachable, a session that
// will not survive closing): one strip of text and small buttons in the colours of its tone.
import type { CSSProperties } from 'react';

const TONES = {
  info: { background: '#e6f4ff', border: '#91caff', text: '#003eb3', accent: '#1677ff' },
  error: { background: '#fff1f0', border: '#ffccc7', text: '#a8071a', accent: '#ffa39e' },
  warning: { background: '#fff7e6', border: '#ffd591', text: '#ad4e00', accent: '#ffd591' },
} as const;

export type TBannerTone = keyof typeof TONES;

/** The bar, its plain and primary buttons, and an × at its right edge, in `tone`'s colours. */
export function bannerStyles(tone: TBannerTone) {
  const t = TONES[tone];
  const button: CSSProperties = { border: `1px solid ${t.accent}`, background: '#fff', color: t.text, borderRadius: 4, padding: '1px 10px', fontSize: 13, cursor: 'pointer' };
  return {
    bar: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexWrap: 'wrap',
      gap: 12,
      padding: '6px 40px',
      position: 'relative',
      background: t.background,
      borderBottom: `1px solid ${t.border}`,
      color: t.text,
      fontSize: 13,
      lineHeight: '20px',
    },
    button,
    primary: { ...button, border: `1px solid ${t.accent}`, background: t.accent, color: '#fff' },
    close: { position: 'absolute', right: 12, top: '50%', transform: 'translateY(-50%)', border: 0, background: 'none', color: 'inherit', fontSize: 16, lineHeight: 1, cursor: 'pointer' },
    muted: { color: '#8c8c8c' },
    link: { color: '#1677ff' },
  } satisfies Record<string, CSSProperties>;
}
