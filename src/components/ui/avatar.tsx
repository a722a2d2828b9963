export function Avatar({ src, name, size = 32 }: { src?: string | null; name: string; size?: number }) {
  if (src) return <img className="avatar" src={src} alt={name} width={size} height={size} />;
  return (
    <span className="avatar avatar-fallback" style={{ width: size, height: size, fontSize: size * 0.45 }} aria-hidden>
      {(name || '会').slice(0, 1)}
    </span>
  );
}
