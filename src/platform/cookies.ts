// Cookie helpers (the token cookie of SPEC §9 and the lastPath cookie of SPEC §2).
export function setCookie(name: string, value: string, opts: { maxAge?: number; secure?: boolean; sameSite?: 'Strict' | 'Lax' } = {}) {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/'];
  if (opts.maxAge !== undefined) parts.push(`max-age=${opts.maxAge}`);
  if (opts.sameSite) parts.push(`SameSite=${opts.sameSite}`);
  // Browsers drop Secure cookies on plain http except for localhost; keep them usable in dev.
  if (opts.secure && (location.protocol === 'https:' || location.hostname === 'localhost' || location.hostname === '127.0.0.1')) parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function deleteCookie(name: string) {
  document.cookie = `${name}=; path=/; max-age=0`;
}
