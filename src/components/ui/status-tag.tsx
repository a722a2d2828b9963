// A coloured status label for back-office tables.
const TONE: Record<string, string> = {
  on_sale: 'success',
  published: 'success',
  open: 'success',
  approved: 'success',
  active: 'success',
  draft: 'muted',
  closed: 'muted',
  pending: 'warning',
  off_shelf: 'danger',
  rejected: 'danger',
  unpublished: 'danger',
  taken_down: 'danger',
  disabled: 'danger',
};

export function StatusTag({ status, label }: { status: string; label: string }) {
  return <span className={`bo-tag bo-tag-${TONE[status] ?? 'muted'}`}>{label}</span>;
}
