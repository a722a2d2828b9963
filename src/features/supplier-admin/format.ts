// Display helpers shared by the supplier back-office pages.
import { formatWithFen } from '@contracts/money-format';
export const formatPrice = (price: number | null) => (price === null ? '面议' : formatWithFen(price));

/** Scrolls the first invalid field of the page into view after a failed check. */
export function scrollToFirstError() {
  window.requestAnimationFrame(() => {
    document.querySelector('.field-invalid, .bo-invalid, [aria-invalid="true"]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });
}
