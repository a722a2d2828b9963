// Display helpers shared by the supplier back-office pages.
import { formatWithFen } from '@contracts/money-format';
export const formatPrice = (price: number | null) => (price === null ? '面议' : formatWithFen(price));
