// File names from users and for downloads: shared by attachments, exports and licences.
import path from 'node:path';

/** The last path part of an uploaded name, without control or reserved characters (at most 120). */
export function cleanFilename(name: string): string {
  const base = Array.from(path.basename(name.replace(/\\/g, '/')))
    .filter((c) => c.charCodeAt(0) >= 32 && !'<>:"|?*'.includes(c))
    .join('')
    .trim();
  return (base || '附件').slice(-120);
}

/** A Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(filename: string, inline = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** `%text%` for ILIKE with the user's own wildcards taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
